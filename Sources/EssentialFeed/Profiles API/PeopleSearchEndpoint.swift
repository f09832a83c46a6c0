import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A search for people by part of their username or name, through an
/// `AuthenticatedHTTPClient`: those found, the closest first; `PeopleMapper` reads the answer.
public struct PeopleSearchEndpoint: Sendable {
    /// How many people a search asks for.
    public static let limit = 30

    public let text: String

    public init(text: String) {
        self.text = text
    }

    public func request(baseURL: URL) -> URLRequest {
        let people = baseURL.appending(path: "v1/people")
        guard var components = URLComponents(url: people, resolvingAgainstBaseURL: false) else { return JSONRequest.make("GET", url: people) }
        // Only unreserved characters as they are: `+` would read as a space, `&` and `=` as
        // another parameter.
        let encoded = text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        components.percentEncodedQuery = "q=\(encoded)&limit=\(Self.limit)"
        return JSONRequest.make("GET", url: components.url ?? people)
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
