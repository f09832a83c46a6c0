import FeedAPIStorage
import Foundation
import PostgresNIO

extension PostgresAccountStore {
    package func insertToken(hash: Data, id: String, accountID: Int64, client: String, createdAt: Date, expiresAt: Date) async throws {
        try await deadline.bounded { [self] in
            try await self.client.query(
                """
                INSERT INTO api_token (token_hash, id, account_id, client, created_at, last_used_at, expires_at)
                VALUES (\(hash), \(id), \(accountID), \(client), \(createdAt.timeIntervalSince1970), \(createdAt.timeIntervalSince1970),
                    \(expiresAt.timeIntervalSince1970))
                """, logger: logger)
        }
    }

    package func authenticatedToken(forHash hash: Data, now: Date) async throws -> AuthenticatedToken? {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.columns.split(separator: ", ").map { "account.\($0)" }.joined(separator: ", ")),
                    api_token.id, api_token.client, api_token.created_at, api_token.last_used_at
                FROM api_token JOIN account ON account.id = api_token.account_id
                WHERE api_token.token_hash = \(hash) AND api_token.expires_at > \(now.timeIntervalSince1970)
                """, logger: logger)
            for try await (id, username, name, passwordHash, createdAt, sessionID, client, sessionCreatedAt, lastUsedAt) in rows.decode(
                (Int64, String, String, String, Double, String, String, Double, Double?).self)
            {
                guard let username = Username(username) else { return nil }
                return AuthenticatedToken(
                    account: Account(
                        id: id, username: username, name: name, passwordHash: passwordHash, createdAt: Date(timeIntervalSince1970: createdAt)),
                    session: Self.session(id: sessionID, client: client, createdAt: sessionCreatedAt, lastUsedAt: lastUsedAt))
            }
            return nil
        }
    }

    package func tokenUsed(hash: Data, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await client.query("UPDATE api_token SET last_used_at = \(date.timeIntervalSince1970) WHERE token_hash = \(hash)", logger: logger)
        }
    }

    package func sessions(ofAccountID accountID: Int64, now: Date) async throws -> [TokenSession] {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT id, client, created_at, last_used_at FROM api_token
                WHERE account_id = \(accountID) AND expires_at > \(now.timeIntervalSince1970)
                ORDER BY created_at DESC, id
                """, logger: logger)
            var sessions: [TokenSession] = []
            for try await (id, client, createdAt, lastUsedAt) in rows.decode((String, String, Double, Double?).self) {
                sessions.append(Self.session(id: id, client: client, createdAt: createdAt, lastUsedAt: lastUsedAt))
            }
            return sessions
        }
    }

    package func removeSession(id: String, accountID: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await PostgresFeedRepository.existsOnClient(
                """
                WITH removed AS (DELETE FROM api_token WHERE id = \(id) AND account_id = \(accountID) RETURNING 1)
                SELECT EXISTS (SELECT 1 FROM removed)
                """, client: client, logger: logger)
        }
    }

    package func removeSessions(ofAccountID accountID: Int64, keeping keptHash: Data?) async throws {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                try await Self.removeSessions(on: connection, accountID: accountID, keeping: keptHash, logger: logger)
            }
        }
    }

    package func changePassword(accountID: Int64, to passwordHash: String, keeping keptHash: Data?) async throws {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await connection.query("UPDATE account SET password_hash = \(passwordHash) WHERE id = \(accountID)", logger: logger)
                try await Self.removeSessions(on: connection, accountID: accountID, keeping: keptHash, logger: logger)
            }
        }
    }

    static func removeSessions(on connection: PostgresConnection, accountID: Int64, keeping keptHash: Data?, logger: Logger) async throws {
        if let keptHash {
            try await connection.query("DELETE FROM api_token WHERE account_id = \(accountID) AND token_hash <> \(keptHash)", logger: logger)
        } else {
            try await connection.query("DELETE FROM api_token WHERE account_id = \(accountID)", logger: logger)
        }
    }

    private static func session(id: String, client: String, createdAt: Double, lastUsedAt: Double?) -> TokenSession {
        TokenSession(
            id: id, client: client, createdAt: Date(timeIntervalSince1970: createdAt),
            lastUsedAt: Date(timeIntervalSince1970: lastUsedAt ?? createdAt))
    }
}
