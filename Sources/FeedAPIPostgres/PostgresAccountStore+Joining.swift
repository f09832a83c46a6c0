import FeedAPIStorage
import Foundation
import PostgresNIO

extension PostgresAccountStore {
    /// Simultaneous uses of one invitation take turns on its row; simultaneous open
    /// registrations from one address, under a lock of that address.
    package func register(_ account: NewAccount, pass: RegistrationPass) async throws -> Account {
        let now = account.createdAt.timeIntervalSince1970
        return try await deadline.bounded { [self] in
            do {
                return try await client.transaction(logger: logger) { connection in
                    switch pass {
                    case let .invitation(codeHash):
                        try await Self.useInvitation(codeHash, at: now, on: connection, logger: logger)
                    case let .open(clientAddress, limit):
                        try await Self.countRegistration(from: clientAddress, at: now, limit: limit, on: connection, logger: logger)
                    }
                    let rows = try await connection.query(
                        """
                        INSERT INTO account (username, name, search_name, password_hash, created_at)
                        VALUES (\(account.username.value), \(account.name), \(PeopleSearch.folded(account.name)), \(account.passwordHash), \(now))
                        RETURNING id
                        """, logger: logger)
                    for try await id in rows.decode(Int64.self) {
                        return Account(
                            id: id, username: account.username, name: account.name, passwordHash: account.passwordHash,
                            createdAt: account.createdAt)
                    }
                    throw CorruptData(detail: "account \(account.username) without id")
                }
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.uniqueViolation {
                throw RegistrationRefusal.usernameTaken
            }
        }
    }

    private static func useInvitation(_ codeHash: Data, at now: Double, on connection: PostgresConnection, logger: Logger) async throws {
        let used = try await PostgresFeedRepository.exists(
            """
            WITH used AS (
                UPDATE invitation SET uses = uses + 1
                WHERE code_hash = \(codeHash) AND uses < uses_allowed AND (expires_at IS NULL OR expires_at > \(now)) RETURNING 1)
            SELECT EXISTS (SELECT 1 FROM used)
            """, on: connection, logger: logger)
        if used { return }
        let rows = try await connection.query("SELECT expires_at FROM invitation WHERE code_hash = \(codeHash)", logger: logger)
        for try await expiresAt in rows.decode(Double?.self) {
            if let expiresAt, expiresAt <= now { throw RegistrationRefusal.invitationExpired }
            throw RegistrationRefusal.invitationUsedUp
        }
        throw RegistrationRefusal.invitationUnknown
    }

    private static func countRegistration(
        from clientAddress: String, at now: Double, limit: RegistrationLimit, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(clientAddress), 1))", logger: logger)
        try await connection.query("DELETE FROM registration WHERE registered_at <= \(now - limit.window)", logger: logger)
        let recent = try await times(
            try await connection.query(
                """
                SELECT registered_at FROM registration WHERE client_address = \(clientAddress)
                ORDER BY registered_at DESC LIMIT \(limit.perAddress)
                """, logger: logger))
        if recent.count >= limit.perAddress, let oldest = recent.last {
            throw RegistrationRefusal.tooManyFromAddress(until: Date(timeIntervalSince1970: oldest + limit.window))
        }
        try await connection.query("INSERT INTO registration (client_address, registered_at) VALUES (\(clientAddress), \(now))", logger: logger)
    }

    /// A member's invitations are counted under a lock of that member, so simultaneous
    /// requests cannot pass the bound, whichever instance they reach.
    package func addInvitation(_ invitation: NewInvitation, maximumHeld: Int?) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                if let maximumHeld, let creator = invitation.createdBy {
                    try await connection.query("SELECT pg_advisory_xact_lock(\(Self.invitationsLockKey), \(Int32(truncatingIfNeeded: creator)))", logger: logger)
                    for try await held in try await connection.query(
                        "SELECT count(*) FROM invitation WHERE created_by = \(creator)", logger: logger
                    ).decode(Int.self) where held >= maximumHeld {
                        return false
                    }
                }
                try await connection.query(
                    """
                    INSERT INTO invitation (id, code_hash, created_by, created_at, expires_at, uses_allowed)
                    VALUES (\(invitation.id), \(invitation.codeHash), \(invitation.createdBy), \(invitation.createdAt.timeIntervalSince1970),
                        \(invitation.expiresAt?.timeIntervalSince1970), \(invitation.usesAllowed))
                    """, logger: logger)
                return true
            }
        }
    }

    /// The first half of the advisory lock of one member's invitations (an arbitrary, fixed number).
    private static let invitationsLockKey: Int32 = 0x4546_494E

    package func invitation(codeHash: Data) async throws -> Invitation? {
        try await deadline.bounded { [self] in
            try await Self.invitations(
                from: try await client.query(
                    "SELECT id, created_at, expires_at, uses_allowed, uses, created_by FROM invitation WHERE code_hash = \(codeHash)", logger: logger)
            ).first
        }
    }

    package func invitations(createdBy accountID: Int64) async throws -> [Invitation] {
        try await deadline.bounded { [self] in
            try await Self.invitations(
                from: try await client.query(
                    """
                    SELECT id, created_at, expires_at, uses_allowed, uses, created_by FROM invitation WHERE created_by = \(accountID)
                    ORDER BY created_at DESC, id
                    """, logger: logger))
        }
    }

    private static func invitations(from rows: PostgresRowSequence) async throws -> [Invitation] {
        var invitations: [Invitation] = []
        for try await (id, createdAt, expiresAt, usesAllowed, uses, createdBy) in rows.decode((String, Double, Double?, Int, Int, Int64?).self) {
            invitations.append(
                Invitation(
                    id: id, createdAt: Date(timeIntervalSince1970: createdAt), expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)),
                    usesAllowed: usesAllowed, uses: uses, createdBy: createdBy))
        }
        return invitations
    }

    package func removeInvitation(id: String, createdBy accountID: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await PostgresFeedRepository.existsOnClient(
                """
                WITH removed AS (DELETE FROM invitation WHERE id = \(id) AND created_by = \(accountID) RETURNING 1)
                SELECT EXISTS (SELECT 1 FROM removed)
                """, client: client, logger: logger)
        }
    }

    // MARK: - Two factors

    package func twoFactorState(accountID: Int64) async throws -> TwoFactorState {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                "SELECT totp_secret, totp_pending_secret, totp_last_step FROM account WHERE id = \(accountID)", logger: logger)
            for try await (secret, pending, lastStep) in rows.decode((Data?, Data?, Int64).self) {
                return TwoFactorState(secret: secret, pendingSecret: pending, lastUsedStep: lastStep)
            }
            return TwoFactorState(secret: nil, pendingSecret: nil, lastUsedStep: 0)
        }
    }

    package func setPendingTOTPSecret(_ secret: Data, accountID: Int64) async throws {
        try await deadline.bounded { [self] in
            try await client.query("UPDATE account SET totp_pending_secret = \(secret) WHERE id = \(accountID)", logger: logger)
        }
    }

    package func enableTOTP(accountID: Int64, recoveryCodeHashes: [Data], usedStep step: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                let enabled = try await PostgresFeedRepository.exists(
                    """
                    WITH enabled AS (
                        UPDATE account SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = \(step)
                        WHERE id = \(accountID) AND totp_pending_secret IS NOT NULL RETURNING 1)
                    SELECT EXISTS (SELECT 1 FROM enabled)
                    """, on: connection, logger: logger)
                guard enabled else { return false }
                try await connection.query("DELETE FROM recovery_code WHERE account_id = \(accountID)", logger: logger)
                for hash in recoveryCodeHashes {
                    try await connection.query("INSERT INTO recovery_code (account_id, code_hash) VALUES (\(accountID), \(hash))", logger: logger)
                }
                return true
            }
        }
    }

    package func disableTOTP(accountID: Int64) async throws {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await connection.query(
                    "UPDATE account SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = 0 WHERE id = \(accountID)",
                    logger: logger)
                try await connection.query("DELETE FROM recovery_code WHERE account_id = \(accountID)", logger: logger)
            }
        }
    }

    package func useTOTPStep(_ step: Int64, accountID: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await PostgresFeedRepository.existsOnClient(
                """
                WITH used AS (UPDATE account SET totp_last_step = \(step) WHERE id = \(accountID) AND totp_last_step < \(step) RETURNING 1)
                SELECT EXISTS (SELECT 1 FROM used)
                """, client: client, logger: logger)
        }
    }

    package func useRecoveryCode(hash: Data, accountID: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await PostgresFeedRepository.existsOnClient(
                """
                WITH used AS (DELETE FROM recovery_code WHERE account_id = \(accountID) AND code_hash = \(hash) RETURNING 1)
                SELECT EXISTS (SELECT 1 FROM used)
                """, client: client, logger: logger)
        }
    }

    package func recoveryCodesLeft(accountID: Int64) async throws -> Int {
        try await deadline.bounded { [self] in
            for try await count in try await client.query(
                "SELECT count(*) FROM recovery_code WHERE account_id = \(accountID)", logger: logger
            ).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    // MARK: - Password resets

    package func addPasswordReset(tokenHash: Data, accountID: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await deadline.bounded { [self] in
            try await client.query(
                """
                INSERT INTO password_reset (token_hash, account_id, created_at, expires_at)
                VALUES (\(tokenHash), \(accountID), \(createdAt.timeIntervalSince1970), \(expiresAt.timeIntervalSince1970))
                """, logger: logger)
        }
    }

    package func resetPassword(tokenHash: Data, to passwordHash: String, now: Date) async throws -> Account? {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await connection.query("DELETE FROM password_reset WHERE expires_at <= \(now.timeIntervalSince1970)", logger: logger)
                var accountID: Int64?
                for try await id in try await connection.query(
                    "DELETE FROM password_reset WHERE token_hash = \(tokenHash) RETURNING account_id", logger: logger
                ).decode(Int64.self) {
                    accountID = id
                }
                guard let accountID else { return nil }
                try await connection.query("DELETE FROM password_reset WHERE account_id = \(accountID)", logger: logger)
                try await connection.query("UPDATE account SET password_hash = \(passwordHash) WHERE id = \(accountID)", logger: logger)
                try await Self.removeSessions(on: connection, accountID: accountID, keeping: nil, logger: logger)
                let account = try await Self.accounts(
                    from: try await connection.query("SELECT \(unescaped: Self.columns) FROM account WHERE id = \(accountID)", logger: logger)
                ).first
                // The password the failures were guessing is gone: its owner may log in at once.
                if let account {
                    try await connection.query("DELETE FROM log_in_attempt WHERE username = \(account.username.value)", logger: logger)
                }
                return account
            }
        }
    }
}
