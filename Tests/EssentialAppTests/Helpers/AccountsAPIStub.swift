import EssentialFeed
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The API's accounts routes as the app sees them, plus a feed and comments: answers log-ins
/// for one account, comments and photos from its token (a photo goes first in the feed),
/// and remembers every request.
final class AccountsAPIStub: HTTPClient {
    struct Recorded: Sendable {
        let method: String
        let path: String
        let authorization: String?
        let body: [String: String]?
        let rawBody: Data?
        let contentType: String?
        var forwardedFor: String?
    }

    static let username = "maria.silva"
    static let password = "correct horse battery"
    static let token = "api-token-of-maria"

    enum Mode: Sendable {
        case online
        case offline
        case throttling(retryAfter: Int)
        case failingComments(status: Int)
        case failingPhotos(status: Int)
    }

    private let state: Mutex<(mode: Mode, recorded: [Recorded], comments: [String], revoked: Bool, feed: [FeedImage])>
    private let firstImageID: UUID

    init(mode: Mode = .online, feed: [FeedImage] = [uniqueImage()]) {
        state = Mutex((mode, [], [], false, feed))
        firstImageID = feed[0].id
    }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    var requests: [Recorded] { state.withLock { $0.recorded } }
    /// The first image of the feed the stub was made with.
    var imageID: UUID { firstImageID }
    var feed: [FeedImage] { state.withLock { $0.feed } }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: url))
    }

    func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw ConnectivityError() }
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] }
        let authorization = request.value(forHTTPHeaderField: "Authorization")
        let mode = state.withLock { state in
            state.recorded.append(Recorded(
                method: method, path: url.path, authorization: authorization, body: body,
                rawBody: request.httpBody, contentType: request.value(forHTTPHeaderField: "Content-Type"),
                forwardedFor: request.value(forHTTPHeaderField: "X-Forwarded-For")))
            return state.mode
        }
        if case .offline = mode { throw ConnectivityError() }
        let isAuthorized = authorization == "Bearer \(Self.token)" && !state.withLock { $0.revoked }
        switch (method, url.path) {
        case ("POST", "/essential-feed/v1/sessions"):
            if case let .throttling(retryAfter) = mode { return respond(url, 429, "{}", ["Retry-After": "\(retryAfter)"]) }
            guard body?["username"] == Self.username, body?["password"] == Self.password else { return respond(url, 401, "{}") }
            return respond(url, 201, #"{"token": "\#(Self.token)", "expires_at": "2030-01-01T00:00:00+0000", "user": {"username": "maria.silva", "name": "Maria Silva"}}"#)
        case ("DELETE", "/essential-feed/v1/sessions/current"):
            guard isAuthorized else { return respond(url, 401, "{}") }
            state.withLock { $0.revoked = true }
            return respond(url, 204, "")
        case ("POST", let path) where path.hasSuffix("/comments"):
            if case let .failingComments(status) = mode { return respond(url, status, "{}") }
            guard isAuthorized else { return respond(url, 401, "{}") }
            guard path.contains(imageID.uuidString) else { return respond(url, 404, "{}") }
            let message = body?["message"] ?? ""
            let id = UUID()
            state.withLock { $0.comments.insert(#"{"id": "\#(id.uuidString)", "message": \#(Self.jsonString(message)), "created_at": "2023-11-14T22:13:20+0000", "author": {"username": "maria.silva"}}"#, at: 0) }
            return respond(url, 201, state.withLock { $0.comments[0] })
        case ("POST", "/essential-feed/v1/images"):
            if case let .failingPhotos(status) = mode { return respond(url, status, "{}") }
            guard isAuthorized else { return respond(url, 401, "{}") }
            let posted = uniqueImage()
            state.withLock { $0.feed.insert(posted, at: 0) }
            return respond(url, 201, #"{"id": "\#(posted.id.uuidString)", "image": "\#(posted.url.absoluteString)"}"#)
        case ("GET", let path) where path.hasSuffix("/comments"):
            return respond(url, 200, #"{"items": [\#(state.withLock { $0.comments.joined(separator: ",") })]}"#)
        case ("GET", "/essential-feed/v1/feed"):
            return (feedJSON(self.feed), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        default:
            return self.feed.contains { $0.url == url } ? (pngData, HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!) : respond(url, 404, "")
        }
    }

    private func respond(_ url: URL, _ status: Int, _ body: String, _ headers: [String: String] = [:]) -> (Data, HTTPURLResponse) {
        (Data(body.utf8), HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: headers)!)
    }

    private static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
    }
}
