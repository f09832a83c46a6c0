import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which posts of a page every reader shares (the public feed) the reader of the token does
/// not hear from: their authors muted or blocked by the reader, or blocking them. A client
/// leaves those out of what it shows that reader. Asked through an `AuthenticatedHTTPClient`.
public enum HiddenPostsEndpoint {
    /// The most posts one question names: a page of the feed.
    public static let maximumAsked = 50

    public static func request(among imageIDs: [UUID], baseURL: URL) -> URLRequest {
        JSONRequest.make(
            "GET",
            url: baseURL.appending(path: "v1/me/hidden").appending(queryItems: [
                URLQueryItem(name: "ids", value: imageIDs.prefix(maximumAsked).map(\.uuidString).joined(separator: ","))
            ]))
    }
}

/// The answer of `HiddenPostsEndpoint`: the posts to leave out.
public enum HiddenPostsMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// The token was missing, unknown or revoked.
        case authenticationRequired
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Set<UUID> {
        switch response.statusCode {
        case 200:
            guard let ids = IDList.decode(data, field: "hidden") else { throw Error.invalidData }
            return ids
        case 401:
            throw Error.authenticationRequired
        default:
            throw Error.invalidData
        }
    }
}
