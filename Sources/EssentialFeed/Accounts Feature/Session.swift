import Foundation

/// A log-in at the API: the token that authorizes requests until it expires, and whose it is.
public struct Session: Hashable, Sendable {
    public let token: String
    public let expiresAt: Date
    public let user: User

    public init(token: String, expiresAt: Date, user: User) {
        self.token = token
        self.expiresAt = expiresAt
        self.user = user
    }
}
