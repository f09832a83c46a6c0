import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum FeedItemsMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    /// The feed payload as the API sends it; decoded in one pass straight into typed fields.
    private struct Root: Decodable {
        let items: [RemoteFeedItem]
    }

    private struct RemoteFeedItem: Decodable {
        let id: UUID
        let description: String?
        let location: String?
        let image: URL
    }

    private static let okStatusCode = 200

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [FeedImage] {
        guard response.statusCode == okStatusCode,
              let root = try? JSONDecoder().decode(Root.self, from: data)
        else {
            throw Error.invalidData
        }

        var images = [FeedImage]()
        images.reserveCapacity(root.items.count)
        for item in root.items {
            // Image data is fetched from this URL as is, so it must be absolute.
            guard item.image.scheme != nil else { throw Error.invalidData }
            images.append(FeedImage(id: item.id, description: item.description, location: item.location, url: item.image))
        }
        return images
    }
}
