import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum FeedImageDataMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Data {
        guard response.statusCode == 200, !data.isEmpty else {
            throw Error.invalidData
        }
        return data
    }
}
