import Foundation

/// A person who can log in, post and comment.
package struct Account: Equatable, Sendable {
    package let id: Int64
    package let username: Username
    package let name: String
    package let passwordHash: String
    package let createdAt: Date

    package init(id: Int64, username: Username, name: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

package enum AccountStoreError: Error, Equatable {
    case usernameTaken(Username)
}

/// Where accounts, their API tokens (as hashes only), recent log-in attempts, invitations and
/// second factors are kept.
package protocol AccountStore: RegistrationStore, TokenSessionStore, TwoFactorStore, PasswordResetStore {
    /// - Throws: `AccountStoreError.usernameTaken` when another account has the username.
    func createAccount(username: Username, name: String, passwordHash: String, createdAt: Date) async throws -> Account
    func account(named username: Username) async throws -> Account?
    func accounts() async throws -> [Account]
    /// Removes the account and every token it has; tells whether there was one.
    func removeAccount(named username: Username) async throws -> Bool
    /// Replaces the password and revokes every token; tells whether there was an account.
    func setPasswordHash(_ passwordHash: String, forAccountNamed username: Username) async throws -> Bool

    func deleteToken(hash: Data) async throws

    /// Lets a log-in attempt through, counting it at once, or says until when attempts are
    /// refused: within the throttle's window, `username` (without regard to case) has
    /// `perAddress` attempts from `clientAddress`, or `perAccount` from everywhere, that are
    /// in progress or failed. One transaction: of any number of simultaneous calls, at most
    /// the limit are let through. Attempts older than the window are forgotten.
    func admitLogInAttempt(username: String, clientAddress: String, at date: Date, throttle: LogInThrottle) async throws -> LogInAdmission
    /// The attempt logged in: it, and earlier failures for its username from its address, no
    /// longer count. An attempt that failed is left to count until the window passes.
    func logInSucceeded(_ attempt: LogInAttempt) async throws
    /// The attempt no longer counts, and nothing else changes: the right password of an
    /// account with two factors, sent without its code, is a step of a log-in, not a failure.
    func forgetLogInAttempt(_ attempt: LogInAttempt) async throws
    /// Attempts remembered, whoever made them.
    func logInAttemptCount() async throws -> Int
}

extension AccountStore {
    /// Keeps a token of no particular client under a new random id.
    package func insertToken(hash: Data, accountID: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await insertToken(hash: hash, id: TokenSessionID.random(), accountID: accountID, client: "", createdAt: createdAt, expiresAt: expiresAt)
    }

    /// The account a token belongs to, when the token exists and has not expired at `now`.
    package func account(forTokenHash hash: Data, now: Date) async throws -> Account? {
        try await authenticatedToken(forHash: hash, now: now)?.account
    }
}

/// The public ids of sessions and invitations: 128 random bits in hexadecimal.
package enum TokenSessionID {
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let hexDigits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<16 {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` could be such an id: what a path parameter is checked against before
    /// it reaches a query.
    package static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
