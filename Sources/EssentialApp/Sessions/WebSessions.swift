import EssentialFeed
import Foundation
import Logging
import Synchronization

/// A browser's log-in, as a request carries it.
struct ActiveSession: Sendable {
    let secrets: SessionSecrets
    let user: User
    let apiToken: String
    /// When the session ends, and with it whatever the device keeps of it.
    var expiresAt: Date = .distantFuture
    let csrfToken: String

    init(secrets: SessionSecrets, user: User, apiToken: String, expiresAt: Date = .distantFuture, csrfToken: String? = nil) {
        self.secrets = secrets
        self.user = user
        self.apiToken = apiToken
        self.expiresAt = expiresAt
        self.csrfToken = csrfToken ?? secrets.csrfToken
    }
}

/// Starts, finds and ends the app's sessions. The browser holds only a random id; the store
/// holds its hash and the API token sealed with a key derived from it.
struct WebSessions: Sendable {
    let store: any SessionStore
    let cookies: SessionCookies
    let currentDate: @Sendable () -> Date
    let logger: Logger
    /// Asks the API, now and then, whether a session's token still holds.
    var revocations: TokenRevocationCheck?
    /// What was derived from the ids of sessions in use, so a request does not derive it again.
    let opened = OpenedSessions()

    /// The session of a cookie value; `nil` for ids the app did not issue, that expired or
    /// were ended. A store that cannot be read counts as no session (and is logged).
    func session(forCookie value: String) async -> ActiveSession? {
        guard let secrets = SessionSecrets(id: value) else { return nil }
        do {
            guard let stored = try await store.session(withKey: secrets.storageKey, validAt: currentDate()) else { return nil }
            let keys = try opened.keys(of: secrets, sealedToken: stored.apiToken)
            return ActiveSession(
                secrets: secrets, user: stored.user, apiToken: keys.apiToken, expiresAt: stored.expiresAt, csrfToken: keys.csrfToken)
        } catch {
            logger.error("Could not read a session", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// A new session for an API log-in, with a new id: never one the browser brought. It
    /// lasts 30 days, or less when the API token expires sooner.
    func start(for session: Session) async throws -> (ActiveSession, maxAge: Int) {
        let now = currentDate()
        let expiresAt = min(session.expiresAt, now.addingTimeInterval(SessionCookies.sessionLifetime))
        let secrets = SessionSecrets.random()
        try await store.insert(
            LocalSession(
                key: secrets.storageKey, apiToken: try secrets.seal(session.token), user: session.user,
                createdAt: now, expiresAt: expiresAt))
        do {
            try await store.deleteSessions(expiredBy: now)
        } catch {
            logger.warning("Could not forget expired sessions", metadata: ["error": "\(error)"])
        }
        revocations?.confirmed(secrets.storageKey)
        return (ActiveSession(secrets: secrets, user: session.user, apiToken: session.token, expiresAt: expiresAt), max(0, Int(expiresAt.timeIntervalSince(now))))
    }

    /// The person changed their name or picture: this session's later screens show it in
    /// their header.
    func personChanged(in session: ActiveSession, to user: User) async {
        do {
            guard let stored = try await store.session(withKey: session.secrets.storageKey, validAt: currentDate()) else { return }
            try await store.insert(
                LocalSession(key: stored.key, apiToken: stored.apiToken, user: user, createdAt: stored.createdAt, expiresAt: stored.expiresAt))
        } catch {
            logger.warning("Could not keep a new name or picture in a session", metadata: ["error": "\(error)"])
        }
    }

    /// The person as the API gave them just now, seen on a screen of theirs: when another of
    /// their log-ins changed their name or picture, this session shows it from now on too.
    /// - Returns: the person the screen's header should show.
    func refreshed(_ session: ActiveSession, seeing user: User) async -> User {
        guard user.username == session.user.username, user != session.user else { return session.user }
        await personChanged(in: session, to: user)
        return user
    }

    /// Whether the store answers a read, for `/health/ready`: a key no session has, looked up.
    func storeAnswers() async -> Bool {
        do {
            _ = try await store.session(withKey: Self.keyOfNoSession, validAt: currentDate())
            return true
        } catch {
            logger.warning("The sessions store does not answer", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Storage keys are SHA-256 digests of random ids: none is all zeros.
    private static let keyOfNoSession = Data(count: 32)

    func end(_ session: ActiveSession) async throws {
        revocations?.forget(session.secrets.storageKey)
        opened.forget(session.secrets.storageKey)
        try await store.deleteSession(withKey: session.secrets.storageKey)
    }

    /// `session`, unless the API has revoked its token (the account removed, its password set
    /// again): then the session is ended here too.
    func stillHonoured(_ session: ActiveSession) async -> ActiveSession? {
        guard let revocations, await revocations.isRevoked(session) else { return session }
        logger.info("A session ended: the API no longer honours its token")
        opened.forget(session.secrets.storageKey)
        do {
            try await store.deleteSession(withKey: session.secrets.storageKey)
        } catch {
            logger.warning("Could not delete a session whose token was revoked", metadata: ["error": "\(error)"])
        }
        return nil
    }
}

/// The API token and CSRF token of the sessions in use, by the session's storage key: a
/// request of a session already seen needs no key derivation nor decryption. The stored row
/// is still read for every request, so an ended session ends at once; an entry only serves
/// the same sealed token it was opened from. Bounded: when full, it starts over.
final class OpenedSessions: Sendable {
    struct Keys {
        let sealedToken: Data
        let apiToken: String
        let csrfToken: String
    }

    private let opened = Mutex<[Data: Keys]>([:])
    private let capacity: Int

    init(capacity: Int = 1_024) {
        self.capacity = capacity
    }

    func keys(of secrets: SessionSecrets, sealedToken: Data) throws -> Keys {
        let storageKey = secrets.storageKey
        if let keys = opened.withLock({ $0[storageKey] }), keys.sealedToken == sealedToken { return keys }
        let keys = Keys(sealedToken: sealedToken, apiToken: try secrets.open(sealedToken), csrfToken: secrets.csrfToken)
        opened.withLock { opened in
            if opened.count >= capacity { opened.removeAll(keepingCapacity: true) }
            opened[storageKey] = keys
        }
        return keys
    }

    /// The session ended: nothing of it stays in memory.
    func forget(_ storageKey: Data) {
        _ = opened.withLock { $0.removeValue(forKey: storageKey) }
    }

    var count: Int { opened.withLock { $0.count } }
}
