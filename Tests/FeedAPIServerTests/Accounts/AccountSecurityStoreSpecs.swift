import Foundation
import Testing

@testable import FeedAPIStorage

/// What every `AccountStore` does for joining, sessions, two factors and password resets,
/// run against each database.
@Suite("Joining, sessions and two factors: what every account store does")
struct AccountSecurityStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let limit = RegistrationLimit(perAddress: 2, window: 3_600)

    // MARK: - Joining

    @Test(arguments: StorageKind.all)
    func anInvitation_letsAsManyJoinAsItAllows_thenIsUsedUp(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        try await store.addInvitation(invitation(uses: 2))

        _ = try await store.register(newAccount("rita"), pass: .invitation(codeHash: code))
        _ = try await store.register(newAccount("sam"), pass: .invitation(codeHash: code))
        await #expect(throws: RegistrationRefusal.invitationUsedUp) {
            try await store.register(newAccount("tom"), pass: .invitation(codeHash: code))
        }
        #expect(try await store.account(named: try #require(Username("tom"))) == nil)
        #expect(try await store.account(named: try #require(Username("sam")))?.name == "Sam")
    }

    @Test(arguments: StorageKind.all)
    func anUnknownOrExpiredInvitation_isRefused_andATakenName_usesNoInvitation(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        try await store.addInvitation(invitation(uses: 1, expiresAt: now.addingTimeInterval(60)))
        _ = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))

        await #expect(throws: RegistrationRefusal.invitationUnknown) {
            try await store.register(newAccount("sam"), pass: .invitation(codeHash: Data(repeating: 9, count: 32)))
        }
        await #expect(throws: RegistrationRefusal.usernameTaken) {
            try await store.register(newAccount("RITA"), pass: .invitation(codeHash: code))
        }
        _ = try await store.register(newAccount("sam"), pass: .invitation(codeHash: code))
        await #expect(throws: RegistrationRefusal.invitationExpired) {
            try await store.register(newAccount("tom", at: now.addingTimeInterval(60)), pass: .invitation(codeHash: code))
        }
    }

    @Test(arguments: StorageKind.all)
    func simultaneousUsesOfAnInvitation_neverExceedItsUses(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        try await store.addInvitation(invitation(uses: 3))
        let joined = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<12 {
                group.addTask {
                    do {
                        _ = try await store.register(newAccount("person\(index)"), pass: .invitation(codeHash: code))
                        return true
                    } catch RegistrationRefusal.invitationUsedUp {
                        return false
                    }
                }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(joined == 3)
        #expect(try await store.accounts().count == 3)
    }

    @Test(arguments: StorageKind.all)
    func openRegistration_countsAccountsPerAddressInTheWindow_notRefusedAttempts(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        _ = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        await #expect(throws: RegistrationRefusal.usernameTaken) {
            try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        }
        _ = try await store.register(newAccount("sam", at: now.addingTimeInterval(10)), pass: .open(clientAddress: "192.0.2.1", limit: limit))

        await #expect(throws: RegistrationRefusal.tooManyFromAddress(until: now.addingTimeInterval(3_600))) {
            try await store.register(newAccount("tom", at: now.addingTimeInterval(20)), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        }
        _ = try await store.register(newAccount("uma", at: now.addingTimeInterval(20)), pass: .open(clientAddress: "198.51.100.7", limit: limit))
        _ = try await store.register(newAccount("tom", at: now.addingTimeInterval(3_600)), pass: .open(clientAddress: "192.0.2.1", limit: limit))
    }

    @Test(arguments: StorageKind.all)
    func aMembersInvitations_areListedNewestFirst_andRemovedByTheirCreatorOnly(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let rita = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        let sam = try await store.register(newAccount("sam"), pass: .open(clientAddress: "192.0.2.2", limit: limit))
        let older = NewInvitation(id: "a1", codeHash: Data(repeating: 1, count: 32), createdBy: rita.id, createdAt: now, expiresAt: nil, usesAllowed: 1)
        let newer = NewInvitation(
            id: "b2", codeHash: Data(repeating: 2, count: 32), createdBy: rita.id, createdAt: now.addingTimeInterval(1),
            expiresAt: now.addingTimeInterval(86_400), usesAllowed: 5)
        try await store.addInvitation(older)
        try await store.addInvitation(newer)

        #expect(
            try await store.invitations(createdBy: rita.id) == [
                Invitation(id: "b2", createdAt: newer.createdAt, expiresAt: newer.expiresAt, usesAllowed: 5, uses: 0, createdBy: rita.id),
                Invitation(id: "a1", createdAt: now, expiresAt: nil, usesAllowed: 1, uses: 0, createdBy: rita.id)
            ])
        #expect(try await !store.removeInvitation(id: "a1", createdBy: sam.id))
        #expect(try await store.removeInvitation(id: "a1", createdBy: rita.id))
        #expect(try await store.invitations(createdBy: rita.id).map(\.id) == ["b2"])
    }

    // MARK: - Sessions

    @Test(arguments: StorageKind.all)
    func sessions_areListedNewestFirst_withTheirClient_andEndedOneByOne(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let rita = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        try await store.insertToken(hash: hash(1), id: "s1", accountID: rita.id, client: "Firefox", createdAt: now, expiresAt: now + 3_600)
        try await store.insertToken(hash: hash(2), id: "s2", accountID: rita.id, client: "Phone", createdAt: now + 10, expiresAt: now + 3_600)
        try await store.insertToken(hash: hash(3), id: "s3", accountID: rita.id, client: "Old", createdAt: now - 7_200, expiresAt: now - 1)
        try await store.tokenUsed(hash: hash(1), at: now + 100)

        #expect(
            try await store.sessions(ofAccountID: rita.id, now: now + 200) == [
                TokenSession(id: "s2", client: "Phone", createdAt: now + 10, lastUsedAt: now + 10),
                TokenSession(id: "s1", client: "Firefox", createdAt: now, lastUsedAt: now + 100)
            ])
        let authenticated = try #require(try await store.authenticatedToken(forHash: hash(1), now: now + 200))
        #expect(authenticated.account == rita)
        #expect(authenticated.session.id == "s1")

        #expect(try await !store.removeSession(id: "s1", accountID: rita.id + 1), "someone else's session")
        #expect(try await store.removeSession(id: "s1", accountID: rita.id))
        #expect(try await store.authenticatedToken(forHash: hash(1), now: now) == nil)
        #expect(try await store.authenticatedToken(forHash: hash(2), now: now) != nil)
    }

    @Test(arguments: StorageKind.all)
    func aNewPassword_endsEverySessionButTheOneKept(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let rita = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        for index: UInt8 in 1...3 {
            try await store.insertToken(hash: hash(index), id: "s\(index)", accountID: rita.id, client: "", createdAt: now, expiresAt: now + 3_600)
        }

        try await store.changePassword(accountID: rita.id, to: "new hash", keeping: hash(2))

        #expect(try await store.sessions(ofAccountID: rita.id, now: now).map(\.id) == ["s2"])
        #expect(try await store.account(named: try #require(Username("rita")))?.passwordHash == "new hash")
        try await store.removeSessions(ofAccountID: rita.id, keeping: nil)
        #expect(try await store.sessions(ofAccountID: rita.id, now: now).isEmpty)
    }

    // MARK: - Two factors

    @Test(arguments: StorageKind.all)
    func twoFactors_turnOnOnlyFromAPendingSecret_andEachStepAndRecoveryCodeIsUsedOnce(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let rita = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        #expect(try await !store.enableTOTP(accountID: rita.id, recoveryCodeHashes: [], usedStep: 1), "nothing pending")

        try await store.setPendingTOTPSecret(Data(repeating: 7, count: 20), accountID: rita.id)
        #expect(try await store.twoFactorState(accountID: rita.id) == TwoFactorState(secret: nil, pendingSecret: Data(repeating: 7, count: 20), lastUsedStep: 0))
        #expect(try await store.enableTOTP(accountID: rita.id, recoveryCodeHashes: [hash(1), hash(2)], usedStep: 100))
        #expect(try await store.twoFactorState(accountID: rita.id) == TwoFactorState(secret: Data(repeating: 7, count: 20), pendingSecret: nil, lastUsedStep: 100))

        #expect(try await !store.useTOTPStep(100, accountID: rita.id), "the step that turned it on")
        #expect(try await store.useTOTPStep(101, accountID: rita.id))
        #expect(try await !store.useTOTPStep(101, accountID: rita.id))
        #expect(try await !store.useTOTPStep(100, accountID: rita.id), "an earlier step")

        #expect(try await store.useRecoveryCode(hash: hash(1), accountID: rita.id))
        #expect(try await !store.useRecoveryCode(hash: hash(1), accountID: rita.id))
        #expect(try await store.recoveryCodesLeft(accountID: rita.id) == 1)

        try await store.disableTOTP(accountID: rita.id)
        #expect(try await store.twoFactorState(accountID: rita.id) == TwoFactorState(secret: nil, pendingSecret: nil, lastUsedStep: 0))
        #expect(try await store.recoveryCodesLeft(accountID: rita.id) == 0)
    }

    // MARK: - Password resets

    @Test(arguments: StorageKind.all)
    func aPasswordReset_isUsedOnce_withinItsHour_andEndsEverySession(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let rita = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        try await store.insertToken(hash: hash(1), id: "s1", accountID: rita.id, client: "", createdAt: now, expiresAt: now + 86_400)
        try await store.addPasswordReset(tokenHash: hash(8), accountID: rita.id, createdAt: now, expiresAt: now + 3_600)
        try await store.addPasswordReset(tokenHash: hash(9), accountID: rita.id, createdAt: now, expiresAt: now + 3_600)

        #expect(try await store.resetPassword(tokenHash: hash(8), to: "late", now: now + 3_600) == nil, "expired")
        try await store.addPasswordReset(tokenHash: hash(8), accountID: rita.id, createdAt: now, expiresAt: now + 3_600)
        #expect(try await store.resetPassword(tokenHash: hash(8), to: "new hash", now: now + 60)?.passwordHash == "new hash")
        #expect(try await store.resetPassword(tokenHash: hash(8), to: "again", now: now + 60) == nil, "used")
        #expect(try await store.resetPassword(tokenHash: hash(9), to: "other", now: now + 60) == nil, "the account's other links end too")
        #expect(try await store.sessions(ofAccountID: rita.id, now: now).isEmpty)
    }

    @Test(arguments: StorageKind.all)
    func aPasswordReset_letsItsOwnerLogInAtOnce_andAForgottenAttemptNoLongerCounts(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let rita = try await store.register(newAccount("rita"), pass: .open(clientAddress: "192.0.2.1", limit: limit))
        let throttle = LogInThrottle(perAddress: 2, perAccount: 10, window: 900)
        guard case let .admitted(first) = try await store.admitLogInAttempt(username: "rita", clientAddress: "192.0.2.1", at: now, throttle: throttle)
        else {
            Issue.record("the first attempt is let through")
            return
        }
        try await store.forgetLogInAttempt(first)
        #expect(try await store.logInAttemptCount() == 0)
        for _ in 0..<2 { _ = try await store.admitLogInAttempt(username: "rita", clientAddress: "192.0.2.1", at: now, throttle: throttle) }
        #expect(try await store.admitLogInAttempt(username: "rita", clientAddress: "192.0.2.1", at: now, throttle: throttle) == .throttled(until: now + 900))

        try await store.addPasswordReset(tokenHash: hash(8), accountID: rita.id, createdAt: now, expiresAt: now + 3_600)
        _ = try await store.resetPassword(tokenHash: hash(8), to: "new hash", now: now + 1)
        #expect(try await store.admitLogInAttempt(username: "rita", clientAddress: "192.0.2.1", at: now + 2, throttle: throttle).isAdmitted)
    }

    // MARK: - Helpers

    private let code = Data(repeating: 0xAB, count: 32)

    private func invitation(uses: Int, expiresAt: Date? = nil) -> NewInvitation {
        NewInvitation(id: TokenSessionID.random(), codeHash: code, createdBy: nil, createdAt: now, expiresAt: expiresAt, usesAllowed: uses)
    }

    private func newAccount(_ name: String, at date: Date? = nil) -> NewAccount {
        // swift-format-ignore: NeverForceUnwrap
        NewAccount(username: Username(name)!, name: name.capitalized, passwordHash: "hash", createdAt: date ?? now)
    }

    private func hash(_ byte: UInt8) -> Data {
        Data(repeating: byte, count: 32)
    }
}
