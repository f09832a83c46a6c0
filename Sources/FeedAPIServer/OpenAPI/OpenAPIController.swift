import Foundation
import Hummingbird

/// `GET /essential-feed/openapi.yaml`: the API's contract, as shipped with the server.
struct OpenAPIController<Context: RequestContext>: Sendable {
    private let document: CachedResponse

    init() throws {
        guard let yaml = EmbeddedResources.data(atPath: "OpenAPI/openapi.yaml") else {
            throw MissingDocument()
        }
        document = CachedResponse(
            body: ByteBuffer(bytes: yaml),
            contentType: "application/yaml", cacheControl: "no-cache")
    }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("openapi.yaml") { request, _ in document.response(to: request) }
    }

    struct MissingDocument: Error, CustomStringConvertible {
        var description: String { "openapi.yaml is not built into FeedAPIServer" }
    }
}
