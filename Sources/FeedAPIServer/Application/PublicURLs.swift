import FeedAPIStorage
import Foundation

/// Builds the absolute URLs the API hands out, from the base URL clients reach the server at.
package struct PublicURLs: Sendable {
    /// Without a trailing slash, e.g. `http://127.0.0.1:8081`.
    let base: String

    package init(base: String) {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
    }

    func image(_ image: ImageReference) -> String {
        "\(base)\(APIPaths.images)/\(ImageFileName(digest: image.digest, format: image.format).description)"
    }

    /// An absolute URL of a path of the API (one of `APIPaths`).
    func absolute(_ path: String) -> String {
        base + path
    }

    func feedPage(after itemID: UUID, limit: Int) -> String {
        "\(base)\(APIPaths.feed)?limit=\(limit)&after_id=\(itemID.uuidString)"
    }
}
