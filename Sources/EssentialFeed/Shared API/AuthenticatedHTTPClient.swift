import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends every request with `Authorization: Bearer <token>`, so no endpoint or call site
/// handles the token itself.
public struct AuthenticatedHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let token: String

    public init(decoratee: any HTTPClient, token: String) {
        self.decoratee = decoratee
        self.token = token
    }

    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await get(from: url, headers: [:])
    }

    public func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return try await send(request)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var authorized = request
        authorized.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try await decoratee.send(authorized)
    }
}
