import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import HTTPTypes
import Hummingbird
import Logging

/// A photo's heart (`POST /images/{id}/like` and `…/unlike`: `303` back to the page it was
/// on; `/fragments/…` for `likes.js`: the heart as it stands), and who liked it
/// (`/images/{id}/likes`).
///
/// The heart's form carries no per-person token (pages everyone shares hold it): a like is
/// taken only with the browser's word that one of the app's own pages sent it (`Origin` or
/// `Sec-Fetch-Site`, which `CrossSiteRequestMiddleware` checks).
struct LikesController {
    typealias Context = AppRequestContext

    let service: NotificationsService
    let sessions: WebSessions
    let assets: WebAssets
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        for isLiked in [true, false] {
            let action = isLiked ? "like" : "unlike"
            protected.post("/images/:id/\(action)") { request, context in try await likeScreen(isLiked, request: request, context: context) }
            protected.post("/fragments/images/:id/\(action)") { request, context in
                try await likeFragment(isLiked, request: request, context: context)
            }
        }
        protected.get("/images/:id/likes", use: likersScreen)
        protected.post("/fragments/likes", use: likedAmong)
    }

    /// `POST /fragments/likes` (field `ids=A,B,…`) → `{"liked": [...]}`: which hearts of a page
    /// everyone shares are the reader's (`likes.js` asks once per page; at most 50 ids).
    @Sendable private func likedAmong(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        let texts = form["ids"]?.split(separator: ",") ?? []
        guard texts.count <= LikeEndpoint.maximumAsked else { throw HTTPError(.badRequest) }
        let ids = try texts.map { text in
            guard let id = UUID(exactly: text) else { throw HTTPError(.badRequest) }
            return id
        }
        let liked: Set<UUID>
        do {
            liked = try await service.liked(among: ids, token: session.apiToken)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return Response(status: .badGateway, headers: [.cacheControl: "no-store"])
        }
        let names = ids.filter(liked.contains).map { "\"\(UUIDText.string(from: $0))\"" }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"liked\":[\(names.joined(separator: ","))]}")))
    }

    private func likeScreen(_ isLiked: Bool, request: Request, context: Context) async throws -> Response {
        let imageID = try Self.imageID(in: context)
        guard Self.isSentByTheApp(request) else { return .refused(request, assets: assets.links) }
        let language = request.readerLanguage
        switch await like(imageID, isLiked, context: context) {
        case .success:
            let back = request.headers[.referer].flatMap { URLComponents(string: $0) }.flatMap { url in
                AppPaths.sameOriginPath(url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? ""))
            }
            return .redirect(to: back ?? AppPaths.photoScreen(imageID), type: .normal)
        case let .failure(refusal):
            if refusal == .authenticationRequired { return .redirect(to: AppPaths.logIn(next: AppPaths.photoScreen(imageID)), type: .normal) }
            let page = MessagePage.likeFailed(
                message: refusal.message(in: language.locale), next: AppPaths.photoScreen(imageID), locale: language.locale, language: language.tag,
                assets: assets.links, account: context.signedInAccount)
            return .html(page.html, status: refusal.status)
        }
    }

    private func likeFragment(_ isLiked: Bool, request: Request, context: Context) async throws -> Response {
        let imageID = try Self.imageID(in: context)
        let language = request.readerLanguage
        guard Self.isSentByTheApp(request) else {
            return .html(MessageErrorFragment(message: AccountsStrings.requestRefusedMessage.localized(in: language.locale)).html, status: .forbidden)
        }
        switch await like(imageID, isLiked, context: context) {
        case let .success(state):
            let layout: HeartLayout = request.uri.queryParameters["layout"] == "cell" ? .overPhoto : .beside
            return .html(HeartView.html(imageID: imageID, state: state, layout: layout, locale: language.locale))
        case let .failure(refusal):
            var response = Response.html(MessageErrorFragment(message: refusal.message(in: language.locale)).html, status: refusal.status)
            if case let .tooMany(seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
            return response
        }
    }

    /// Why a like was not made, as the reader is told.
    enum Refusal: Error, Equatable {
        case authenticationRequired
        case notFound
        case tooMany(retryAfter: Int)
        /// The API did not answer, or not as it should.
        case unavailable

        func message(in locale: Locale) -> String {
            switch self {
            case .authenticationRequired: AccountsStrings.requestRefusedMessage.localized(in: locale)
            case .notFound: SharedStrings.notFoundError.localized(in: locale)
            case .tooMany: NotificationStrings.tooManyLikes.localized(in: locale)
            case .unavailable: NotificationStrings.likeOffline.localized(in: locale)
            }
        }

        var status: HTTPResponse.Status {
            switch self {
            case .authenticationRequired: .unauthorized
            case .notFound: .notFound
            case .tooMany: .tooManyRequests
            case .unavailable: .serviceUnavailable
            }
        }
    }

    private func like(_ imageID: UUID, _ isLiked: Bool, context: Context) async -> Result<LikeState, Refusal> {
        guard let session = context.session else { return .failure(.authenticationRequired) }
        do {
            let state = try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? NotificationsService.Error == .authenticationRequired }
            ) { try await service.like(imageID, isLiked, token: session.apiToken) }
            return .success(state)
        } catch NotificationsService.Error.authenticationRequired {
            return .failure(.authenticationRequired)
        } catch is ResourceNotFoundError {
            return .failure(.notFound)
        } catch let LikeStateMapper.Error.tooManyLikes(seconds) {
            return .failure(.tooMany(retryAfter: seconds))
        } catch {
            logger.warning("Could not like or unlike", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return .failure(.unavailable)
        }
    }

    @Sendable private func likersScreen(_ request: Request, context: Context) async throws -> Response {
        let imageID = try Self.imageID(in: context)
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let after = try ProfileController.personAfter(in: request)
        let language = request.readerLanguage
        do {
            let people = try await service.likers(of: imageID, after: after, token: session.apiToken)
            let next = people.count >= ProfileEndpoint.peoplePageSize ? people.last.map { "\(LikeLinks.likers(imageID))?after=\($0.username)" } : nil
            let screen = PeopleScreen(
                likersOf: imageID, people: people, nextURL: next, locale: language.locale, language: language.tag, assets: assets.links,
                account: context.signedInAccount)
            return .html(screen.html)
        } catch is ResourceNotFoundError {
            throw HTTPError(.notFound)
        } catch is CancellationError {
            throw CancellationError()
        } catch PeopleMapper.Error.invalidData where after != nil {
            // The person the page went on after took their like back: the list starts again.
            return .redirect(to: LikeLinks.likers(imageID), type: .normal)
        } catch {
            logger.warning("Could not list who liked a photo", metadata: ["image": "\(imageID)", "error": "\(error)"])
            let page = MessagePage.likeFailed(
                message: NotificationStrings.likeError.localized(in: language.locale), next: AppPaths.photoScreen(imageID), locale: language.locale,
                language: language.tag, assets: assets.links, account: context.signedInAccount)
            return .html(page.html, status: .badGateway)
        }
    }

    /// A browser says where a request came from (`Origin` or `Sec-Fetch-Site`); the
    /// middleware has already refused another site's.
    private static func isSentByTheApp(_ request: Request) -> Bool {
        request.headers[.origin] != nil || request.headers[.secFetchSite] != nil
    }

    private static func imageID(in context: Context) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUID(exactly: text) else { throw HTTPError(.notFound) }
        return id
    }
}
