import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A story, strictly: every key it needs, every block readable. `404` is a story that does
/// not exist (`ResourceNotFoundError`).
public enum NewsStoryMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// Not thrown since `404` became `ResourceNotFoundError`, as for every mapper; kept for
        /// the code that names it.
        case notFound
    }

    private struct RemoteStory: Decodable {
        let id: UUID
        let headline: String
        let heroImage: RemoteNewsImage
        let createdAt: Date
        let updatedAt: Date
        let contents: [RemoteBlock]

        private enum CodingKeys: String, CodingKey {
            case id, headline, contents
            case heroImage = "hero_image"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    private struct RemoteBlock: Decodable {
        let block: NewsStory.Block

        private enum CodingKeys: String, CodingKey {
            case type, text, image
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .type) {
            case "paragraph": block = .paragraph(try container.decode(String.self, forKey: .text))
            case "image": block = .image(try container.decode(RemoteNewsImage.self, forKey: .image).image)
            case let type: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown block \(type)")
            }
        }
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> NewsStory {
        try HTTPStatus.checkAnswered(response)
        guard response.statusCode == 200, let story = try? APIDate.decoder.decode(RemoteStory.self, from: data) else {
            throw Error.invalidData
        }
        return NewsStory(
            id: story.id, headline: story.headline, heroImage: story.heroImage.image,
            createdAt: story.createdAt, updatedAt: story.updatedAt, contents: story.contents.map(\.block))
    }
}
