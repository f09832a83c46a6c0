import FeedAPIStorage
import Hummingbird

/// `GET /essential-feed/v1/images/{sha256-hex}.{png|jpg}`: image bytes, named by their
/// content so each URL is immutable and may be cached for good.
struct ImagesController<Context: RequestContext>: Sendable {
    let repository: any FeedReading

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("images/:file", use: image)
    }

    @Sendable func image(_ request: Request, context: Context) async throws -> Response {
        let segment = context.parameters.get("file") ?? ""
        guard let name = ImageFileName(Substring(segment)),
            let image = try await repository.image(withDigest: name.digest),
            image.format == name.format
        else {
            throw ProblemDetails(status: .notFound, detail: "No image is named \"\(segment)\".")
        }
        return CachedResponse(
            body: ByteBuffer(bytes: image.data),
            entityTag: EntityTag(opaque: name.digest.hex),
            contentType: image.format.contentType,
            cacheControl: "public, max-age=31536000, immutable"
        ).response(to: request)
    }
}
