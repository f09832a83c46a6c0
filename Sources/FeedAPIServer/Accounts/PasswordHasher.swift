import HummingbirdBcrypt
import NIOPosix

/// bcrypt at cost 12, run on NIO's thread pool so a log-in never blocks the event loops.
struct PasswordHasher: Sendable {
    var cost: UInt8 = 12

    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Checks `password` against `hash`; without an account, against a hash of nothing anyone
    /// knows, so an unknown username takes as long as a wrong password.
    /// An account with the unusable hash takes as long, and never logs in.
    func verify(_ password: String, against hash: String?) async throws -> Bool {
        guard PasswordPolicy.isVerifiable(password) else { return false }
        let usableHash = hash.flatMap { $0.hasPrefix("$2") ? $0 : nil }
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: usableHash ?? Self.dummyHash) }
        return matches && usableHash != nil
    }

    /// The password hash of an account no password logs in to (the demo's authors).
    static let unusableHash = "!"

    /// A cost-12 hash of random bytes nobody kept, made once, on the thread pool.
    private static let dummyHash = Bcrypt.hash(String((0..<32).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122))) }), cost: 12)
}
