import Foundation

enum APIDate {
    /// The API writes offsets as `+0000` while other servers write `+00:00` or `Z`;
    /// all three are valid ISO 8601, so every one of them is accepted explicitly.
    static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an ISO 8601 date: \(string)")
        }
        return date
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decode)
        return decoder
    }
}
