import Foundation
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Testing

/// A browser going through the app's log-in and forms, for acceptance tests.
func formToken(in html: String) throws -> String {
    let marker = #"name="csrf_token" value=""#
    let start = try #require(html.range(of: marker)).upperBound
    let end = try #require(html[start...].firstIndex(of: "\""))
    return String(html[start..<end])
}

func cookieValue(_ setCookie: String) -> String? {
    setCookie.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init)
}

extension TestClientProtocol {
    func post(_ path: String, form: [String: String], cookie: String? = nil) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.cookie] = cookie
        return try await post(path, form: form, headers: headers)
    }

    func post(_ path: String, form: [String: String], headers: HTTPFields) async throws -> TestResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The log-in form's token and the nonce cookie it goes with.
    func logInForm() async throws -> (token: String, cookie: String) {
        let response = try await execute(uri: "/login", method: .get)
        let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("ef_log_in=") })
        return (try formToken(in: String(buffer: response.body)), try #require(setCookie.split(separator: ";").first.map(String.init)))
    }

    /// Logs in as the in-process API's account (or its other one); the session's `Cookie` field.
    func logIn(as username: String = InProcessFeedAPI.username) async throws -> String {
        let form = try await logInForm()
        let response = try await post(
            "/login",
            form: [
                "username": username, "password": InProcessFeedAPI.password, "csrf_token": form.token
            ], cookie: form.cookie)
        let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("ef_session=") })
        return try #require(setCookie.split(separator: ";").first.map(String.init))
    }

    func csrfToken(onScreen path: String, cookie: String) async throws -> String {
        try formToken(in: String(buffer: try await execute(uri: path, method: .get, headers: [.cookie: cookie]).body))
    }
}
