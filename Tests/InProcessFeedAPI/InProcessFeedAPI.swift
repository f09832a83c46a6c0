import EssentialFeed
import FeedAPIServer
import FeedAPIStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaPipeline
import NIOEmbedded
import PersonalArchives
import PhotoFixtures
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real feed API — its router, on a database of its own in a temporary folder — behind
/// the app's `HTTPClient`, answering without a socket: the app's acceptance tests meet the
/// API's real answers. It has one account to log in with and a feed of real photos, records
/// every request, and can be made to fail as a network or an API does (`mode`).
public final class InProcessFeedAPI: HTTPClient {
    public struct Recorded: Sendable {
        public let method: String
        public let path: String
        public let authorization: String?
        /// The JSON body's string fields, when the body is a JSON object of strings.
        public let body: [String: String]?
        public let rawBody: Data?
        public let contentType: String?
        public let forwardedFor: String?
        public let userAgent: String?
    }

    public enum Mode: Sendable {
        case online
        /// No answer at all: the connection cannot be made.
        case offline
        /// Log-ins answered `429` with `Retry-After`, as the API's throttle does.
        case throttling(retryAfter: Int)
        /// Posting a comment answered with `status` and no body.
        case failingComments(status: Int)
        /// Posting a photo answered with `status` and no body.
        case failingPhotos(status: Int)
    }

    public static let username = "maria.silva"
    public static let name = "Maria Silva"
    public static let password = "correct horse battery"
    /// A second person, with the same password.
    public static let otherUsername = "joao.pereira"

    private let responder: any HTTPResponder<FeedAPIContext>
    private let database: APIDatabase
    private let archives: PersonalArchiveJobs
    private let state = Mutex((mode: Mode.online, recorded: [Recorded](), issuedTokens: [String]()))
    /// The first item of the feed it was made with.
    public let imageID: UUID

    /// An API whose feed has `feedSize` items with real photos, oldest last, and the account.
    /// People join by invitation, and members invite others.
    public static func make(
        mode: Mode = .online, feedSize: Int = 1, publicURL: String = "http://api.example.com",
        registration: RegistrationPolicy = RegistrationPolicy(mode: .invite, memberInvites: true)
    ) async throws -> InProcessFeedAPI {
        let path = FileManager.default.temporaryDirectory
            .appending(path: "in-process-api-\(UUID().uuidString)").appending(path: "api.sqlite").path
        let database = try APIDatabase.open(path: path)
        // bcrypt at its lowest cost: the tests log in often, and the cost is not what they test.
        let hasher = PasswordHasher(cost: 4)
        guard let username = Username(username) else { throw InvalidFixture() }
        _ = try await database.accounts.createAccount(
            username: username, name: name, passwordHash: try await hasher.hash(password), createdAt: Date())
        guard let other = Username(otherUsername) else { throw InvalidFixture() }
        _ = try await database.accounts.createAccount(
            username: other, name: "João Pereira", passwordHash: try await hasher.hash(password), createdAt: Date())
        let processor = PhotoProcessor()
        var items: [NewFeedItem] = []
        for number in 0..<max(1, feedSize) {
            let photo = try processor.process(try PhotoFixtures.photo(width: 64, height: 48, seed: number))
            items.append(
                NewFeedItem(
                    id: UUID(), description: "Description \(number)", location: "Location \(number)", photo: photo,
                    authorUsername: Self.username, createdAt: Date(timeIntervalSince1970: 1_700_000_000 - Double(number) * 3_600)))
        }
        try await database.feed.append(items)
        let archives = personalArchiveJobs(
            in: URL(filePath: path).deletingLastPathComponent().appending(path: "archives"), storage: database, threads: .singleton,
            logger: Logger(label: "in-process-api"))
        let responder = try buildResponder(
            repository: database.feed, accounts: database.accounts, news: database.news, social: database.social, moderation: database.moderation,
            publicURL: publicURL,
            logger: Logger(label: "in-process-api"), hasher: hasher, registration: registration, archives: archives)
        return InProcessFeedAPI(responder: responder, database: database, archives: archives, imageID: items[0].id, mode: mode)
    }

    private init(responder: any HTTPResponder<FeedAPIContext>, database: APIDatabase, archives: PersonalArchiveJobs, imageID: UUID, mode: Mode) {
        self.responder = responder
        self.database = database
        self.archives = archives
        self.imageID = imageID
        state.withLock { $0.mode = mode }
    }

    public var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    public var requests: [Recorded] { state.withLock { $0.recorded } }

    /// The bearer tokens the API handed out on log-in, oldest first.
    public var issuedTokens: [String] { state.withLock { $0.issuedTokens } }

    /// Sets another password for its account, as `essential-feed accounts password` does:
    /// every token handed out for it is revoked.
    public func setAnotherPassword() async throws {
        guard let username = Username(Self.username) else { throw InvalidFixture() }
        _ = try await database.accounts.setPasswordHash(
            try await PasswordHasher(cost: 4).hash("another long password"), forAccountNamed: username)
    }

    /// The code of a new invitation of the operator's.
    public func invitationCode(uses: Int = 1) async throws -> String {
        let issued = IssuedInvitation.make(createdBy: nil, at: Date(), uses: uses, expiresAt: nil)
        try await database.accounts.addInvitation(issued.invitation)
        return issued.code
    }

    /// The code of a reset link for the account, as `essential-feed accounts reset-password` makes.
    public func passwordResetCode(for name: String = username) async throws -> String {
        guard let username = Username(name), let account = try await database.accounts.account(named: username) else { throw InvalidFixture() }
        let code = SecretCodes.newCode()
        try await database.accounts.addPasswordReset(
            tokenHash: SecretCodes.hash(of: code), accountID: account.id, createdAt: Date(), expiresAt: Date().addingTimeInterval(3_600))
        return code
    }

    /// The code an authenticator app shows for the account's secret (the one being set up, or
    /// the one on), `stepsAhead` steps of 30 seconds from now.
    public func twoFactorCode(for name: String = username, stepsAhead: Int64 = 0) async throws -> String {
        guard let username = Username(name), let account = try await database.accounts.account(named: username) else { throw InvalidFixture() }
        let state = try await database.accounts.twoFactorState(accountID: account.id)
        guard let secret = state.pendingSecret ?? state.secret else { throw InvalidFixture() }
        return TOTP(secret: secret).code(atStep: TOTP.step(at: Date()) + stepsAhead)
    }

    /// Gives an account a picture made from `photo`, as `PUT /v1/me/avatar` does.
    public func setAvatar(ofAccountNamed name: String, from photo: Data) async throws {
        guard let username = Username(name), let account = try await database.accounts.account(named: username) else { throw InvalidFixture() }
        try await database.social.setAvatar(of: account.id, to: try PhotoProcessor().processAvatar(photo))
    }

    /// A new account that has posted one photo, the oldest of the feed.
    public func addAccount(_ name: String, postingOldestPhoto: Bool) async throws {
        guard let username = Username(name) else { throw InvalidFixture() }
        _ = try await database.accounts.createAccount(
            username: username, name: name.capitalized, passwordHash: try await PasswordHasher(cost: 4).hash(Self.password), createdAt: Date())
        guard postingOldestPhoto else { return }
        let photo = try PhotoProcessor().process(try PhotoFixtures.photo(width: 64, height: 48, seed: 99))
        try await database.feed.append([
            NewFeedItem(id: UUID(), description: "By \(name)", location: nil, photo: photo, authorUsername: name, createdAt: Date(timeIntervalSince1970: 1_600_000_000))
        ])
    }

    /// The ids of the feed's items, newest first.
    /// Gives an account a role: `admin`, `moderator` or `member`.
    public func setRole(_ role: String, of name: String) async throws {
        guard let username = Username(name), let role = AccountRole(rawValue: role) else { throw InvalidFixture() }
        _ = try await database.moderation.setRole(role, forAccountNamed: username)
    }

    /// Waits until every export and import started has ended.
    public func waitForArchiveJobs() async {
        await archives.waitForRunningJobs()
    }

    /// Whether an account has this username.
    public func hasAccount(_ name: String) async throws -> Bool {
        guard let username = Username(name) else { throw InvalidFixture() }
        return try await database.accounts.account(named: username) != nil
    }

    public func feedIDs() async throws -> [UUID] {
        try await database.feed.feedPage(after: nil, limit: 1_000).map(\.id)
    }

    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: url))
    }

    public func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw ConnectivityError() }
        let method = request.httpMethod ?? "GET"
        let mode = state.withLock { state in
            state.recorded.append(
                Recorded(
                    method: method, path: url.path, authorization: request.value(forHTTPHeaderField: "Authorization"),
                    body: request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] },
                    rawBody: request.httpBody, contentType: request.value(forHTTPHeaderField: "Content-Type"),
                    forwardedFor: request.value(forHTTPHeaderField: "X-Forwarded-For"), userAgent: request.value(forHTTPHeaderField: "User-Agent")))
            return state.mode
        }
        switch (mode, method, url.path) {
        case (.offline, _, _):
            throw ConnectivityError()
        case (.throttling(let retryAfter), "POST", "/essential-feed/v1/sessions"):
            return Self.answer(url, status: 429, headers: ["Retry-After": "\(retryAfter)"])
        case (.failingComments(let status), "POST", let path) where path.hasSuffix("/comments"):
            return Self.answer(url, status: status)
        case (.failingPhotos(let status), "POST", "/essential-feed/v1/images"):
            return Self.answer(url, status: status)
        default:
            let (data, response) = try await route(request, url: url, method: method)
            if method == "POST", url.path == "/essential-feed/v1/sessions", response.statusCode == 201,
                let token = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["token"] as? String
            {
                state.withLock { $0.issuedTokens.append(token) }
            }
            return (data, response)
        }
    }

    /// The request through the API's router, as the server would hand it over.
    private func route(_ request: URLRequest, url: URL, method: String) async throws -> (Data, HTTPURLResponse) {
        var fields = HTTPFields()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        let body = request.httpBody ?? Data()
        if !body.isEmpty { fields[.contentLength] = String(body.count) }
        let pathAndQuery = url.query.map { "\(url.path)?\($0)" } ?? url.path
        let apiRequest = Request(
            head: HTTPRequest(method: HTTPRequest.Method(method) ?? .get, scheme: "http", authority: url.host ?? "api", path: pathAndQuery, headerFields: fields),
            body: RequestBody(buffer: ByteBuffer(bytes: body)))
        let context = FeedAPIContext(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: Logger(label: "in-process-api")))
        let response = try await responder.respond(to: apiRequest, context: context)
        let collected = CollectedBody()
        try await response.body.write(collected)
        var headers: [String: String] = [:]
        for field in response.headers { headers[field.name.canonicalName] = field.value }
        return (collected.data, HTTPURLResponse(url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: headers)!)
    }

    private static func answer(_ url: URL, status: Int, headers: [String: String] = [:]) -> (Data, HTTPURLResponse) {
        (Data(), HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!)
    }

    private struct InvalidFixture: Error {}
}

/// A response body written out, as a server would send it.
private final class CollectedBody: ResponseBodyWriter, @unchecked Sendable {
    private let bytes = Mutex(Data())

    var data: Data { bytes.withLock { $0 } }

    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
