import GRDB

/// The accounts' tables: accounts, their API tokens (as hashes) and log-in attempts.
///
/// Append-only: a released migration is never edited, only followed by new ones. Their names
/// are what existing files remember, so they stay as they are.
enum AccountsMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create accounts, tokens and failed log-ins") { db in
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        name TEXT NOT NULL,
                        password_hash TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    -- Tokens are kept only as their SHA-256: a copy of the file gives no usable token.
                    CREATE TABLE api_token (
                        token_hash BLOB PRIMARY KEY NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        created_at REAL NOT NULL,
                        expires_at REAL NOT NULL
                    );
                    CREATE INDEX api_token_by_account ON api_token (account_id);
                    CREATE TABLE failed_log_in (
                        username TEXT NOT NULL,
                        failed_at REAL NOT NULL
                    );
                    CREATE INDEX failed_log_in_by_username ON failed_log_in (username, failed_at);
                    """)
        }
        migrator.registerMigration("Throttle log-ins per username and client address") { db in
            // Failures before this counted per username alone; they end with the old table.
            try db.execute(
                sql: """
                    DROP TABLE failed_log_in;
                    CREATE TABLE log_in_attempt (
                        username TEXT NOT NULL,
                        client_address TEXT NOT NULL,
                        attempted_at REAL NOT NULL
                    );
                    CREATE INDEX log_in_attempt_by_address ON log_in_attempt (username, client_address, attempted_at);
                    CREATE INDEX log_in_attempt_by_username ON log_in_attempt (username, attempted_at);
                    CREATE INDEX log_in_attempt_by_age ON log_in_attempt (attempted_at);
                    """)
        }
        return migrator
    }
}
