import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// What the tests of people's routes do through the API as a client would: log in for a
/// token, and send requests under `/essential-feed/v1`, with JSON when given.
extension TestClientProtocol {
    func token(of username: String, password: String) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let response = try await execute(
            uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
        return try #require(try jsonObject(response.body)["token"] as? String)
    }

    func send(_ method: HTTPRequest.Method, _ path: String, token: String?, json: [String: Any]? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        headers[.authorization] = token.map { "Bearer \($0)" }
        var body: ByteBuffer?
        if let json {
            headers[.contentType] = "application/json"
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        }
        return try await execute(uri: "/essential-feed/v1/\(path)", method: method, headers: headers, body: body)
    }
}
