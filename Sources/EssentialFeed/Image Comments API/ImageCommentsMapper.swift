import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum ImageCommentsMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    private struct Root: Decodable {
        let items: [RemoteComment]
    }

    private struct RemoteComment: Decodable {
        let id: UUID
        let message: String
        let createdAt: Date
        let author: Author

        private enum CodingKeys: String, CodingKey {
            case id, message, author
            case createdAt = "created_at"
        }
    }

    private struct Author: Decodable {
        let username: String
    }

    private static let acceptedStatusCodes = 200...299

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [ImageComment] {
        guard acceptedStatusCodes.contains(response.statusCode),
              let root = try? decoder.decode(Root.self, from: data)
        else {
            throw Error.invalidData
        }

        return root.items.map {
            ImageComment(id: $0.id, message: $0.message, createdAt: $0.createdAt, username: $0.author.username)
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeISO8601Date)
        return decoder
    }

    /// The API writes offsets as `+0000` while other servers write `+00:00` or `Z`;
    /// all three are valid ISO 8601, so every one of them is accepted explicitly.
    private static func decodeISO8601Date(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an ISO 8601 date: \(string)")
        }
        return date
    }
}
