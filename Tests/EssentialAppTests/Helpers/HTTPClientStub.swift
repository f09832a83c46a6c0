import EssentialFeed
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request with a canned response, and remembers what was asked — except the
/// app's check that a session's token still holds (`GET /v1/me`), always answered yes and
/// left out of `requestedURLs`: the tests using the stub are about what the screens ask for.
final class HTTPClientStub: HTTPClient {
    typealias Responder = @Sendable (URL) async throws -> (Data, HTTPURLResponse)
    typealias ConditionalResponder = @Sendable (URL, _ headers: [String: String]) async throws -> (Data, HTTPURLResponse)

    private let responder: ConditionalResponder
    private let requests = Mutex<[(url: URL, headers: [String: String])]>([])

    init(_ responder: @escaping Responder) {
        self.responder = { url, _ in try await responder(url) }
    }

    init(conditional responder: @escaping ConditionalResponder) {
        self.responder = responder
    }

    var requestedURLs: [URL] {
        requests.withLock { $0.map(\.url) }
    }

    var requestedHeaders: [[String: String]] {
        requests.withLock { $0.map(\.headers) }
    }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await get(from: url, headers: [:])
    }

    func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        if url.path.hasSuffix("/v1/me"), headers["Authorization"] != nil {
            return Self.sessionHolds(url)
        }
        requests.withLock { $0.append((url, headers)) }
        return try await responder(url, headers)
    }

    /// Any method: a post is remembered and answered as a read is.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        let headers = request.allHTTPHeaderFields ?? [:]
        guard let method = request.httpMethod, method != "GET" else { return try await get(from: url, headers: headers) }
        requests.withLock { $0.append((url, headers)) }
        return try await responder(url, headers)
    }

    private static func sessionHolds(_ url: URL) -> (Data, HTTPURLResponse) {
        let body = Data(#"{"username":"tester","name":"Tester"}"#.utf8)
        return (body, HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: ["Content-Type": "application/json"])!)
    }

    static var offline: HTTPClientStub {
        HTTPClientStub { _ in throw ConnectivityError() }
    }

    static func online(_ response: @escaping @Sendable (URL) -> (Data, Int)) -> HTTPClientStub {
        HTTPClientStub { url in
            let (data, status) = response(url)
            return (data, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
        }
    }
}
