import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A person's own data, as the person whose token an `AuthenticatedHTTPClient` sends: an export
/// of it, its archive, and leaving. `PersonalDataMapper` reads the answers.
public enum PersonalDataEndpoint: Sendable {
    case startExport
    case export
    /// The ready archive: a download, not JSON.
    case archive
    /// Deletes the account and all it made; the password confirms it.
    case leave(password: String)

    public func request(baseURL: URL) throws -> URLRequest {
        let me = baseURL.appending(path: "v1/me")
        switch self {
        case .startExport:
            return JSONRequest.make("POST", url: me.appending(path: "export"))
        case .export:
            return JSONRequest.make("GET", url: me.appending(path: "export"))
        case .archive:
            var request = URLRequest(url: me.appending(path: "export/archive"))
            request.httpMethod = "GET"
            return request
        case let .leave(password):
            return try JSONRequest.make("DELETE", url: me, body: ["password": password])
        }
    }
}
