import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import HTTPTypes
import Hummingbird

extension Response {
    /// Screens and fragments are revalidated before reuse, never shared by caches (they are
    /// in the reader's language); `no-store` would also keep screens out of the browser's
    /// back-forward cache, which returns a reader to the place they left.
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "private, no-cache"
        headers[.vary] = "Accept-Language"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A screen with its own policy, where one screen needs a source others do not.
    static func html(_ html: String, status: HTTPResponse.Status = .ok, policy: ContentSecurityPolicy) -> Response {
        var response = Response.html(html, status: status)
        response.headers[.contentSecurityPolicy] = policy.headerValue
        return response
    }

    /// Image bytes, typed by their content.
    static func image(_ data: Data, cacheControl: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = ImageContentType.of(data)
        headers[.cacheControl] = cacheControl
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension RenderedFragment {
    /// A page that could not load its content is still a whole page (or fragment), with the
    /// error in it; its status says what happened, so scripts and proxies can tell it from content.
    var status: HTTPResponse.Status {
        isNotFound ? .notFound : isError ? .badGateway : .ok
    }
}

extension AppRequestContext {
    var signedInAccount: SignedInAccount? {
        session.map { SignedInAccount(user: $0.user, csrfToken: $0.csrfToken) }
    }
}

/// Image data from a service, as the app answers for it: `404` for an image the API does not
/// have, `502` when it could not be had.
func imageResponse(cacheControl: String, isUnknown: (any Error) -> Bool, _ load: @escaping @Sendable () async throws -> Data) async throws -> Response {
    do {
        var response = Response.image(try await cancellingWhenClientGoes(load), cacheControl: cacheControl)
        response.markKeptOffline()
        return response
    } catch is CancellationError {
        throw CancellationError()
    } catch let error where isUnknown(error) {
        throw HTTPError(.notFound)
    } catch {
        throw HTTPError(.badGateway)
    }
}
