import Hummingbird

/// A fully encoded `200` body with its entity tag, ready to be sent again and again.
struct CachedResponse: Sendable {
    let body: ByteBuffer
    let entityTag: EntityTag
    let contentType: String
    let cacheControl: String
    var extraHeaders: HTTPFields = [:]

    init(body: ByteBuffer, contentType: String, cacheControl: String, extraHeaders: HTTPFields = [:]) {
        self.init(
            body: body, entityTag: EntityTag(opaque: ImageDigest(of: body.readableBytesView).hex),
            contentType: contentType, cacheControl: cacheControl, extraHeaders: extraHeaders)
    }

    init(body: ByteBuffer, entityTag: EntityTag, contentType: String, cacheControl: String, extraHeaders: HTTPFields = [:]) {
        self.body = body
        self.entityTag = entityTag
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.extraHeaders = extraHeaders
    }

    /// `304 Not Modified` when the request's `If-None-Match` matches, else the body.
    func response(to request: Request) -> Response {
        var headers = extraHeaders
        headers[.eTag] = entityTag.headerValue
        headers[.cacheControl] = cacheControl
        if entityTag.isMatched(byIfNoneMatch: request.headers) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
