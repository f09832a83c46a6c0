import EssentialFeed
import Foundation

@testable import EssentialApp

/// A session as the app keeps it, and the `Cookie` field that names it.
struct SignedInTestSession: Sendable {
    static let shared = SignedInTestSession()

    let user = User(username: "maria.silva", name: "Maria Silva")
    let apiToken = "an-api-token"
    let secrets = SessionSecrets.random()

    var cookie: String { "ef_session=\(secrets.id)" }
    var csrfToken: String { secrets.csrfToken }

    func add(to store: any SessionStore, expiresAt: Date) async throws {
        try await store.insert(
            LocalSession(
                key: secrets.storageKey, apiToken: try secrets.seal(apiToken), user: user,
                createdAt: expiresAt.addingTimeInterval(-60), expiresAt: expiresAt))
    }

    /// A store holding this session, valid for a year after `date`.
    func store(validAfter date: Date) async throws -> InMemorySessionStore {
        let store = InMemorySessionStore()
        try await add(to: store, expiresAt: date.addingTimeInterval(365 * 24 * 3_600))
        return store
    }
}
