import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logging in and out at the API. Logging out sends the session's token: send it through
/// an `AuthenticatedHTTPClient`.
public enum SessionEndpoint: Sendable {
    case logIn(username: String, password: String)
    case logOut

    public func request(baseURL: URL) throws -> URLRequest {
        switch self {
        case let .logIn(username, password):
            try JSONRequest.make("POST", url: baseURL.appending(path: "v1/sessions"), body: Credentials(username: username, password: password))
        case .logOut:
            JSONRequest.make("DELETE", url: baseURL.appending(path: "v1/sessions/current"))
        }
    }

    private struct Credentials: Encodable {
        let username: String
        let password: String
    }
}

/// Who the token of an `AuthenticatedHTTPClient` belongs to.
public enum CurrentUserEndpoint: Sendable {
    case get

    public func request(baseURL: URL) -> URLRequest {
        JSONRequest.make("GET", url: baseURL.appending(path: "v1/me"))
    }
}
