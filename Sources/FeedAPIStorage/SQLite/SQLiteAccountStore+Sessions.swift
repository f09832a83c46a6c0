import Foundation
import GRDB

extension SQLiteAccountStore {
    package func insertToken(hash: Data, id: String, accountID: Int64, client: String, createdAt: Date, expiresAt: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO api_token (token_hash, id, account_id, client, created_at, last_used_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    hash, id, accountID, client, createdAt.timeIntervalSince1970, createdAt.timeIntervalSince1970, expiresAt.timeIntervalSince1970
                ])
        }
    }

    package func authenticatedToken(forHash hash: Data, now: Date) async throws -> AuthenticatedToken? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT account.*, api_token.id AS session_id, api_token.client, api_token.created_at AS session_created_at,
                            api_token.last_used_at
                        FROM api_token JOIN account ON account.id = api_token.account_id
                        WHERE api_token.token_hash = ? AND api_token.expires_at > ?
                        """,
                    arguments: [hash, now.timeIntervalSince1970]),
                let account = Self.account(from: row)
            else { return nil }
            return AuthenticatedToken(account: account, session: Self.session(from: row, id: "session_id", createdAt: "session_created_at"))
        }
    }

    package func tokenUsed(hash: Data, at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE api_token SET last_used_at = ? WHERE token_hash = ?", arguments: [date.timeIntervalSince1970, hash])
        }
    }

    package func sessions(ofAccountID accountID: Int64, now: Date) async throws -> [TokenSession] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, client, created_at, last_used_at FROM api_token WHERE account_id = ? AND expires_at > ?
                    ORDER BY created_at DESC, id
                    """,
                arguments: [accountID, now.timeIntervalSince1970]
            ).map { Self.session(from: $0, id: "id", createdAt: "created_at") }
        }
    }

    package func removeSession(id: String, accountID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM api_token WHERE id = ? AND account_id = ?", arguments: [id, accountID])
            return db.changesCount > 0
        }
    }

    package func removeSessions(ofAccountID accountID: Int64, keeping keptHash: Data?) async throws {
        try await database.write { db in try Self.removeSessions(db, accountID: accountID, keeping: keptHash) }
    }

    package func changePassword(accountID: Int64, to passwordHash: String, keeping keptHash: Data?) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE id = ?", arguments: [passwordHash, accountID])
            try Self.removeSessions(db, accountID: accountID, keeping: keptHash)
        }
    }

    static func removeSessions(_ db: Database, accountID: Int64, keeping keptHash: Data?) throws {
        if let keptHash {
            try db.execute(sql: "DELETE FROM api_token WHERE account_id = ? AND token_hash <> ?", arguments: [accountID, keptHash])
        } else {
            try db.execute(sql: "DELETE FROM api_token WHERE account_id = ?", arguments: [accountID])
        }
    }

    private static func session(from row: Row, id: String, createdAt: String) -> TokenSession {
        let created = Date(timeIntervalSince1970: row[createdAt])
        let lastUsed: Double? = row["last_used_at"]
        return TokenSession(
            id: row[id], client: row["client"], createdAt: created, lastUsedAt: lastUsed.map(Date.init(timeIntervalSince1970:)) ?? created)
    }
}
