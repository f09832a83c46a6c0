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
        migrator.registerMigration("Join by invitation; sessions; two factors") { db in
            // Tokens issued before this get a random public id, no client and no last use.
            try db.execute(
                sql: """
                    ALTER TABLE account ADD COLUMN totp_secret BLOB;
                    ALTER TABLE account ADD COLUMN totp_pending_secret BLOB;
                    ALTER TABLE account ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE api_token ADD COLUMN id TEXT;
                    UPDATE api_token SET id = lower(hex(randomblob(16)));
                    CREATE UNIQUE INDEX api_token_by_id ON api_token (id);
                    ALTER TABLE api_token ADD COLUMN client TEXT NOT NULL DEFAULT '';
                    ALTER TABLE api_token ADD COLUMN last_used_at REAL;
                    CREATE TABLE recovery_code (
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        code_hash BLOB NOT NULL,
                        PRIMARY KEY (account_id, code_hash)
                    );
                    -- Codes are kept only as their SHA-256, as tokens are.
                    CREATE TABLE invitation (
                        id TEXT PRIMARY KEY NOT NULL,
                        code_hash BLOB NOT NULL UNIQUE,
                        created_by INTEGER REFERENCES account(id) ON DELETE CASCADE,
                        created_at REAL NOT NULL,
                        expires_at REAL,
                        uses_allowed INTEGER NOT NULL,
                        uses INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX invitation_by_creator ON invitation (created_by, created_at);
                    CREATE TABLE registration (
                        client_address TEXT NOT NULL,
                        registered_at REAL NOT NULL
                    );
                    CREATE INDEX registration_by_address ON registration (client_address, registered_at);
                    CREATE TABLE password_reset (
                        token_hash BLOB PRIMARY KEY NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        created_at REAL NOT NULL,
                        expires_at REAL NOT NULL
                    );
                    """)
        }
        return migrator
    }
}
