import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public enum FeedImageDataMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    /// - Throws: `ResourceNotFoundError` for `404`; `Error.invalidData` for any other answer but `200` with bytes.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Data {
        try HTTPStatus.checkAnswered(response)
        guard response.statusCode == 200, !data.isEmpty else {
            throw Error.invalidData
        }
        return data
    }
}
