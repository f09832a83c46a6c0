import EssentialFeed
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct AuthenticatedHTTPClientTests {
    @Test func send_addsTheBearerTokenAndKeepsTheRequest() async throws {
        let client = RequestRecordingClient()
        let sut = AuthenticatedHTTPClient(decoratee: client, token: "a-token")
        let request = try SessionEndpoint.logIn(username: "a", password: "b").request(baseURL: anyURL())

        _ = try await sut.send(request)

        let sent = try #require(client.requests.first)
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer a-token")
        #expect(sent.httpMethod == "POST")
        #expect(sent.httpBody == request.httpBody)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func get_sendsTheTokenWithTheCallersHeaders() async throws {
        let client = RequestRecordingClient()
        let sut = AuthenticatedHTTPClient(decoratee: client, token: "a-token")

        _ = try await sut.get(from: anyURL(), headers: ["If-None-Match": "\"v1\""])

        let sent = try #require(client.requests.first)
        #expect(sent.url == anyURL())
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer a-token")
        #expect(sent.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
    }

    @Test func send_ofAClientThatOnlyKnowsGet_sendsGetRequestsAndRefusesOthers() async throws {
        let client = GetOnlyClient()
        var get = URLRequest(url: anyURL())
        get.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")

        _ = try await client.send(get)
        #expect(client.headers.first?["If-None-Match"] == "\"v1\"")

        await #expect(throws: UnsupportedHTTPMethodError(method: "DELETE")) {
            try await client.send(try SessionEndpoint.logOut.request(baseURL: anyURL()))
        }
    }
}

private final class RequestRecordingClient: HTTPClient {
    private let recorded = Mutex<[URLRequest]>([])
    var requests: [URLRequest] { recorded.withLock { $0 } }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: url))
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        return (Data(), HTTPURLResponse(statusCode: 200))
    }
}

/// Written before `send` existed: it only implements the `get`s.
private final class GetOnlyClient: HTTPClient {
    private let recorded = Mutex<[[String: String]]>([])
    var headers: [[String: String]] { recorded.withLock { $0 } }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await get(from: url, headers: [:])
    }

    func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(headers) }
        return (Data(), HTTPURLResponse(statusCode: 200))
    }
}
