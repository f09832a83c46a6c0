import Foundation
import GRDB

extension SQLiteAccountStore {
    package func register(_ account: NewAccount, pass: RegistrationPass) async throws -> Account {
        let now = account.createdAt.timeIntervalSince1970
        do {
            return try await database.write { db in
                switch pass {
                case let .invitation(codeHash):
                    let row = try Row.fetchOne(
                        db, sql: "SELECT expires_at, uses_allowed, uses FROM invitation WHERE code_hash = ?", arguments: [codeHash])
                    guard let row else { throw RegistrationRefusal.invitationUnknown }
                    if let expiresAt: Double = row["expires_at"], expiresAt <= now { throw RegistrationRefusal.invitationExpired }
                    guard (row["uses"] as Int) < (row["uses_allowed"] as Int) else { throw RegistrationRefusal.invitationUsedUp }
                    try db.execute(sql: "UPDATE invitation SET uses = uses + 1 WHERE code_hash = ?", arguments: [codeHash])
                case let .open(clientAddress, limit):
                    try db.execute(sql: "DELETE FROM registration WHERE registered_at <= ?", arguments: [now - limit.window])
                    let recent = try Double.fetchAll(
                        db,
                        sql: "SELECT registered_at FROM registration WHERE client_address = ? ORDER BY registered_at DESC LIMIT ?",
                        arguments: [clientAddress, limit.perAddress])
                    if recent.count >= limit.perAddress, let oldest = recent.last {
                        throw RegistrationRefusal.tooManyFromAddress(until: Date(timeIntervalSince1970: oldest + limit.window))
                    }
                    try db.execute(
                        sql: "INSERT INTO registration (client_address, registered_at) VALUES (?, ?)", arguments: [clientAddress, now])
                }
                try db.execute(
                    sql: "INSERT INTO account (username, name, search_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [account.username.value, account.name, PeopleSearch.folded(account.name), account.passwordHash, now])
                return Account(
                    id: db.lastInsertedRowID, username: account.username, name: account.name, passwordHash: account.passwordHash,
                    createdAt: account.createdAt)
            }
        } catch let error as DatabaseError where Self.isUsernameTaken(error) {
            throw RegistrationRefusal.usernameTaken
        }
    }

    package func addInvitation(_ invitation: NewInvitation, maximumHeld: Int?) async throws -> Bool {
        try await database.write { db in
            if let maximumHeld, let creator = invitation.createdBy,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM invitation WHERE created_by = ?", arguments: [creator]) ?? 0 >= maximumHeld
            {
                return false
            }
            try db.execute(
                sql: """
                    INSERT INTO invitation (id, code_hash, created_by, created_at, expires_at, uses_allowed) VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    invitation.id, invitation.codeHash, invitation.createdBy, invitation.createdAt.timeIntervalSince1970,
                    invitation.expiresAt?.timeIntervalSince1970, invitation.usesAllowed
                ])
            return true
        }
    }

    package func invitation(codeHash: Data) async throws -> Invitation? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, created_at, expires_at, uses_allowed, uses, created_by FROM invitation WHERE code_hash = ?", arguments: [codeHash]
            ).map(Self.invitation)
        }
    }

    package func invitations(createdBy accountID: Int64) async throws -> [Invitation] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, created_at, expires_at, uses_allowed, uses, created_by FROM invitation WHERE created_by = ?
                    ORDER BY created_at DESC, id
                    """,
                arguments: [accountID]
            ).map(Self.invitation)
        }
    }

    private static func invitation(from row: Row) -> Invitation {
        let expiresAt: Double? = row["expires_at"]
        return Invitation(
            id: row["id"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)), usesAllowed: row["uses_allowed"], uses: row["uses"], createdBy: row["created_by"])
    }

    package func removeInvitation(id: String, createdBy accountID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM invitation WHERE id = ? AND created_by = ?", arguments: [id, accountID])
            return db.changesCount > 0
        }
    }

    // MARK: - Two factors

    package func twoFactorState(accountID: Int64) async throws -> TwoFactorState {
        try await database.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT totp_secret, totp_pending_secret, totp_last_step FROM account WHERE id = ?", arguments: [accountID])
            guard let row else { return TwoFactorState(secret: nil, pendingSecret: nil, lastUsedStep: 0) }
            return TwoFactorState(secret: row["totp_secret"], pendingSecret: row["totp_pending_secret"], lastUsedStep: row["totp_last_step"])
        }
    }

    package func setPendingTOTPSecret(_ secret: Data, accountID: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET totp_pending_secret = ? WHERE id = ?", arguments: [secret, accountID])
        }
    }

    package func enableTOTP(accountID: Int64, recoveryCodeHashes: [Data], usedStep step: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE account SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = ?
                    WHERE id = ? AND totp_pending_secret IS NOT NULL
                    """,
                arguments: [step, accountID])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM recovery_code WHERE account_id = ?", arguments: [accountID])
            for hash in recoveryCodeHashes {
                try db.execute(sql: "INSERT INTO recovery_code (account_id, code_hash) VALUES (?, ?)", arguments: [accountID, hash])
            }
            return true
        }
    }

    package func disableTOTP(accountID: Int64) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE account SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = 0 WHERE id = ?", arguments: [accountID])
            try db.execute(sql: "DELETE FROM recovery_code WHERE account_id = ?", arguments: [accountID])
        }
    }

    package func useTOTPStep(_ step: Int64, accountID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE account SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?", arguments: [step, accountID, step])
            return db.changesCount > 0
        }
    }

    package func useRecoveryCode(hash: Data, accountID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM recovery_code WHERE account_id = ? AND code_hash = ?", arguments: [accountID, hash])
            return db.changesCount > 0
        }
    }

    package func recoveryCodesLeft(accountID: Int64) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM recovery_code WHERE account_id = ?", arguments: [accountID]) ?? 0
        }
    }

    // MARK: - Password resets

    package func addPasswordReset(tokenHash: Data, accountID: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO password_reset (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [tokenHash, accountID, createdAt.timeIntervalSince1970, expiresAt.timeIntervalSince1970])
        }
    }

    package func resetPassword(tokenHash: Data, to passwordHash: String, now: Date) async throws -> Account? {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM password_reset WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            guard let accountID = try Int64.fetchOne(db, sql: "SELECT account_id FROM password_reset WHERE token_hash = ?", arguments: [tokenHash])
            else { return nil }
            try db.execute(sql: "DELETE FROM password_reset WHERE account_id = ?", arguments: [accountID])
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE id = ?", arguments: [passwordHash, accountID])
            try Self.removeSessions(db, accountID: accountID, keeping: nil)
            let account = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [accountID]).flatMap(Self.account)
            // The password the failures were guessing is gone: its owner may log in at once.
            if let account { try db.execute(sql: "DELETE FROM log_in_attempt WHERE username = ?", arguments: [account.username.value]) }
            return account
        }
    }
}
