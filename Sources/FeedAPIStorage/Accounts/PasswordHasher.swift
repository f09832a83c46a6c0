import HummingbirdBcrypt
import NIOPosix

/// bcrypt at cost 12, run on NIO's thread pool so a log-in never blocks the event loops.
package struct PasswordHasher: Sendable {
    package var cost: UInt8 = 12

    package init(cost: UInt8 = 12) {
        self.cost = cost
    }

    package func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Checks `password` against `hash`; without an account, against a hash of nothing anyone
    /// knows, so an unknown username takes as long as a wrong password.
    /// An account with the unusable hash takes as long, and never logs in.
    /// A password bcrypt cannot read whole (over 72 bytes, or with a NUL, where its C code
    /// stops) never logs in, but is checked against the dummy hash all the same: a refusal
    /// that came quicker would let a flood of them cost the server nothing.
    package func verify(_ password: String, against hash: String?) async throws -> Bool {
        let isVerifiable = PasswordPolicy.isVerifiable(password)
        let usableHash = hash.flatMap { $0.hasPrefix("$2") ? $0 : nil }
        let checked = isVerifiable ? password : Self.unguessablePassword
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(checked, hash: usableHash ?? Self.dummyHash) }
        return matches && isVerifiable && usableHash != nil
    }

    /// The password hash of an account no password logs in to (the demo's authors).
    package static let unusableHash = "!"

    /// Random letters nobody kept.
    private static let unguessablePassword = String((0..<32).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122))) })

    /// A cost-12 hash of a password nobody knows, made once.
    private static let dummyHash = Bcrypt.hash(unguessablePassword + "!", cost: 12)
}
