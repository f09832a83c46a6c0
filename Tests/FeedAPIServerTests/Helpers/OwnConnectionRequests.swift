import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

extension TestClientProtocol {
    /// Sends one request to the live server on a connection of its own.
    ///
    /// Requests sent at once through the shared client are pipelined on its single connection,
    /// where the server answers them one after another: they never race, and the last one waits
    /// for all the others within the client's read deadline. On connections of their own they
    /// reach the server side by side, and a busy machine makes them slower, not failed; the
    /// generous wait only stops a test whose server never answers.
    func executeOnItsOwnConnection(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestClient.Response {
        let port = try #require(port, "needs a live server")
        return try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(600))) { client in
            try await client.execute(.init(uri, method: method, authority: "127.0.0.1", headers: headers, body: body))
        }
    }
}
