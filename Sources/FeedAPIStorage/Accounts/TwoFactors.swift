import Foundation

/// A person's second factor: a TOTP secret once confirmed, the one being set up, and the last
/// time step a code was accepted for (a code is accepted once).
package struct TwoFactorState: Equatable, Sendable {
    package let secret: Data?
    package let pendingSecret: Data?
    package let lastUsedStep: Int64

    package init(secret: Data?, pendingSecret: Data?, lastUsedStep: Int64) {
        self.secret = secret
        self.pendingSecret = pendingSecret
        self.lastUsedStep = lastUsedStep
    }

    package var isOn: Bool { secret != nil }
}

/// Two-factor log-in: TOTP secrets and single-use recovery codes (kept as hashes).
package protocol TwoFactorStore: Sendable {
    func twoFactorState(accountID: Int64) async throws -> TwoFactorState
    /// Starts setting up (again): the secret waits for a code that proves the person has it.
    func setPendingTOTPSecret(_ secret: Data, accountID: Int64) async throws
    /// Turns the pending secret on, with these recovery codes in place of any earlier ones,
    /// `step` counting as used; `false` when no secret was pending.
    func enableTOTP(accountID: Int64, recoveryCodeHashes: [Data], usedStep step: Int64) async throws -> Bool
    /// Turns two factors off and forgets the secrets and recovery codes.
    func disableTOTP(accountID: Int64) async throws
    /// Accepts `step` once: `true` when it is later than every step used before (the record
    /// moves to it), `false` when that step, or a later one, was already used.
    func useTOTPStep(_ step: Int64, accountID: Int64) async throws -> Bool
    /// Uses a recovery code up; `false` when the account has no such code (left).
    func useRecoveryCode(hash: Data, accountID: Int64) async throws -> Bool
    func recoveryCodesLeft(accountID: Int64) async throws -> Int
}

/// Single-use links that set a forgotten password, handed out by the operator.
package protocol PasswordResetStore: Sendable {
    func addPasswordReset(tokenHash: Data, accountID: Int64, createdAt: Date, expiresAt: Date) async throws
    /// Uses the reset up: sets the password and ends every session of its account, at once.
    /// `nil` (and nothing changes) when no such reset is left or it expired at `now`.
    func resetPassword(tokenHash: Data, to passwordHash: String, now: Date) async throws -> Account?
}
