import Foundation
import PostgresTestCluster
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

/// What every `AccountStore` must do for the log-in throttle, run against each of them.
@Suite("Log-in throttle: what every account store does")
struct LogInThrottleStoreSpecs {
    private static let stores: [StoreFactory] = TestTier.isQuick ? [.sqlite] : [.sqlite, .postgres]
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let throttle = LogInThrottle(perAddress: 3, perAccount: 5, window: 900)

    @Test(arguments: stores)
    func ofAnyNumberOfSimultaneousAttempts_atMostTheLimitAreLetThrough(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let admissions = try await withThrowingTaskGroup(of: LogInAdmission.self) { group in
            for _ in 0..<40 {
                group.addTask { try await store.admitLogInAttempt(username: "alice", clientAddress: "192.0.2.1", at: now, throttle: throttle) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(admissions.filter { if case .admitted = $0 { true } else { false } }.count == 3)
        #expect(admissions.filter { $0 == .throttled(until: now.addingTimeInterval(900)) }.count == 37)
    }

    @Test(arguments: stores)
    func anotherAddress_isNotShutOutByTheFirstAddressesAttempts_untilTheAccountWideLimit(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        for _ in 0..<3 { try await admit(store, from: "192.0.2.1") }
        #expect(try await admission(store, from: "192.0.2.1") == .throttled(until: now.addingTimeInterval(900)))

        #expect(try await admission(store, from: "198.51.100.7").isAdmitted, "the owner, elsewhere")
        #expect(try await admission(store, from: "198.51.100.8").isAdmitted)
        #expect(try await admission(store, from: "198.51.100.9") == .throttled(until: now.addingTimeInterval(900)), "5 for the account from anywhere")
        #expect(try await store.admitLogInAttempt(username: "bob", clientAddress: "192.0.2.1", at: now, throttle: throttle).isAdmitted)
    }

    @Test(arguments: stores)
    func usernamesAreThrottledWithoutRegardToCase(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        for name in ["Alice", "ALICE", "alice"] {
            _ = try await store.admitLogInAttempt(username: name, clientAddress: "192.0.2.1", at: now, throttle: throttle)
        }
        #expect(try await admission(store, from: "192.0.2.1") == .throttled(until: now.addingTimeInterval(900)))
    }

    @Test(arguments: stores)
    func attemptsLeaveTheWindow_oldestFirst_andAreThenForgotten(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        for second in [0.0, 10, 20] { try await admit(store, from: "192.0.2.1", at: now.addingTimeInterval(second)) }
        #expect(try await admission(store, from: "192.0.2.1", at: now.addingTimeInterval(899)) == .throttled(until: now.addingTimeInterval(900)))
        #expect(try await admission(store, from: "192.0.2.1", at: now.addingTimeInterval(900)).isAdmitted, "the first has left the window")
        #expect(try await store.logInAttemptCount() == 3, "the one that left is forgotten, the new one counted")
    }

    @Test(arguments: stores)
    func aSuccess_forgetsItsAddressesAttemptsForTheUsername_only(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        try await admit(store, from: "192.0.2.1")
        try await admit(store, from: "198.51.100.7")
        guard case let .admitted(attempt) = try await admission(store, from: "192.0.2.1") else {
            Issue.record("the third attempt is let through")
            return
        }
        try await store.logInSucceeded(attempt)
        #expect(try await store.logInAttemptCount() == 1, "the other address's attempt still counts")
    }

    // MARK: - Helpers

    struct StoreFactory: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () async throws -> any AccountStore
        var testDescription: String { name }

        static let sqlite = StoreFactory(name: "SQLite") { try await StorageKind.sqlite.make().accounts }
        static let postgres = StoreFactory(name: "PostgreSQL") { try await StorageKind.postgres.make().accounts }
    }

    private func admit(_ store: any AccountStore, from address: String, at date: Date? = nil) async throws {
        let admission = try await admission(store, from: address, at: date)
        #expect(admission.isAdmitted)
    }

    private func admission(_ store: any AccountStore, from address: String, at date: Date? = nil) async throws -> LogInAdmission {
        try await store.admitLogInAttempt(username: "alice", clientAddress: address, at: date ?? now, throttle: throttle)
    }
}

extension LogInAdmission {
    var isAdmitted: Bool {
        if case .admitted = self { true } else { false }
    }
}
