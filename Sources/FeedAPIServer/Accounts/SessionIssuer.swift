import FeedAPIStorage
import Foundation
import Hummingbird
import NIOCore

/// Hands out a session: a new token, kept as its hash under a public id with the client it
/// was opened from, answered once with the user it belongs to.
struct SessionIssuer: Sendable {
    let accounts: any AccountStore
    var social: (any SocialGraph)? = nil
    var urls = PublicURLs(base: "")

    static var tokenLifetime: TimeInterval { 30 * 86_400 }
    /// A client's description is for its owner to recognise it; more says nothing more.
    static let maximumClientCharacters = 200

    /// `201` with `{token, expires_at, user}`.
    func response(issuingFor account: Account, request: Request, at date: Date) async throws -> Response {
        // A client that went away while its password was checked never gets a token.
        try Task.checkCancellation()
        let token = Self.newToken()
        let expiresAt = date.addingTimeInterval(Self.tokenLifetime)
        try await accounts.insertToken(
            hash: Self.hash(of: token), id: TokenSessionID.random(), accountID: account.id, client: Self.client(of: request),
            createdAt: date, expiresAt: expiresAt)
        let avatar = try await avatar(of: account)
        var writer = JSONWriter(capacity: 512)
        writer.object { object in
            object.field("token", token)
            object.field("expires_at", APIDateFormat.string(from: expiresAt))
            object.field("user") { writeUser(account, avatar: avatar, to: &$0) }
        }
        return Self.json(writer.buffer, status: .created)
    }

    func avatar(of account: Account) async throws -> AvatarDetails? {
        try await social?.profile(named: account.username)?.avatar
    }

    /// The fields of a user object.
    func writeUser(_ account: Account, avatar: AvatarDetails?, to object: inout JSONWriter) {
        object.field("username", account.username.value)
        object.field("name", account.name)
        object.field("display_name", account.name)
        object.avatarField(avatar, urls: urls)
    }

    static func hash(of token: String) -> Data {
        SecretCodes.hash(of: token)
    }

    /// What the request says it is (`User-Agent`), without control characters, within bounds.
    static func client(of request: Request) -> String {
        guard let field = request.headers[.userAgent] else { return "" }
        let visible = field.unicodeScalars.filter { !$0.properties.generalCategory.isControl }
        return String(String.UnicodeScalarView(visible.prefix(maximumClientCharacters)))
    }

    static func newToken() -> String {
        SecretCodes.newCode()
    }

    static func json(_ body: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: body))
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
