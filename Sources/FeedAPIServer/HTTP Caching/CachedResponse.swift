import FeedAPIStorage
import Hummingbird

/// A fully encoded `200` body with its entity tag and headers, ready to be sent again and again.
struct CachedResponse: Sendable {
    let body: ByteBuffer
    let entityTag: EntityTag
    private let okHeaders: HTTPFields
    private let notModifiedHeaders: HTTPFields

    /// Tags the body with its SHA-256.
    init(body: ByteBuffer, contentType: String, cacheControl: String, extraHeaders: HTTPFields = [:]) {
        self.init(
            body: body, entityTag: EntityTag(opaque: ImageDigest(of: body.readableBytesView).hex),
            contentType: contentType, cacheControl: cacheControl, extraHeaders: extraHeaders)
    }

    init(body: ByteBuffer, entityTag: EntityTag, contentType: String, cacheControl: String, extraHeaders: HTTPFields = [:]) {
        self.body = body
        self.entityTag = entityTag
        var headers = extraHeaders
        headers[.eTag] = entityTag.headerValue
        headers[.cacheControl] = cacheControl
        notModifiedHeaders = headers
        headers[.contentType] = contentType
        headers[.contentLength] = String(body.readableBytes)
        okHeaders = headers
    }

    /// `304 Not Modified` when the request's `If-None-Match` matches, else the body.
    func response(to request: Request) -> Response {
        if request.headers.contains(.ifNoneMatch), entityTag.isMatched(byIfNoneMatch: request.headers) {
            return Response(status: .notModified, headers: notModifiedHeaders)
        }
        return Response(status: .ok, headers: okHeaders, body: ResponseBody(byteBuffer: body))
    }
}
