import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whom the person of an `AuthenticatedHTTPClient`'s token keeps away, by username, a page
/// at a time after the person named `after`; `PeopleMapper` reads the answer.
public enum SilencedPeopleEndpoint: Sendable {
    case blocked(after: String?)
    case muted(after: String?)

    public func request(baseURL: URL) -> URLRequest {
        switch self {
        case let .blocked(after):
            JSONRequest.make("GET", url: ProfileEndpoint.people(baseURL.appending(path: "v1/me/blocks"), after: after))
        case let .muted(after):
            JSONRequest.make("GET", url: ProfileEndpoint.people(baseURL.appending(path: "v1/me/mutes"), after: after))
        }
    }
}
