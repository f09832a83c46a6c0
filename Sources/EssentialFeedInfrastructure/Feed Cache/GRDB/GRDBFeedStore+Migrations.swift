import GRDB

extension GRDBFeedStore {
    /// The schema's history. Migrations are append-only: a shipped migration is
    /// never edited, a change is a new migration, so every existing cache file
    /// can be brought up to date.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create feed cache, feed images and image data") { db in
            // At most one row: the timestamp of the cached feed.
            try db.create(table: "feedCache") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("timestamp", .double).notNull()
            }
            try db.create(table: "feedImage") { table in
                table.primaryKey("position", .integer)
                table.column("id", .text).notNull()
                table.column("description", .text)
                table.column("location", .text)
                table.column("url", .text).notNull().indexed()
            }
            // Keyed by URL alone: data may be stored for a URL in no feed.
            try db.create(table: "feedImageData") { table in
                table.primaryKey("url", .text)
                table.column("data", .blob).notNull()
            }
        }
        migrator.registerMigration("Keep the first page's entity tag with the cached feed") { db in
            try db.alter(table: "feedCache") { table in
                table.add(column: "entityTag", .text)
            }
        }
        return migrator
    }
}
