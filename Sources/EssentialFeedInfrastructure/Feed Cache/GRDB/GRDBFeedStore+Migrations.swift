import GRDB

extension GRDBFeedStore {
    /// The schema's history. Migrations are append-only: a shipped migration is
    /// never edited, a change is a new migration, so every existing cache file
    /// can be brought up to date.
    package static var migrator: DatabaseMigrator {
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
        migrator.registerMigration("Find images by id, keep replaced images, and bound image data by size") { db in
            try db.create(index: "feedImage_on_id", on: "feedImage", columns: ["id"])
            // Images of replaced feeds, oldest first, so pages still on screen keep their images.
            try db.create(table: "replacedFeedImage") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("id", .text).notNull().indexed()
                table.column("description", .text)
                table.column("location", .text)
                table.column("url", .text).notNull()
            }
            // The bytes come last, so reading a row's size and last use never reads its bytes.
            try db.create(table: "boundedFeedImageData") { table in
                table.primaryKey("url", .text)
                table.column("size", .integer).notNull()
                table.column("lastUsed", .integer).notNull()
                table.column("data", .blob).notNull()
            }
            try db.execute(
                sql: """
                    INSERT INTO boundedFeedImageData (url, size, lastUsed, data)
                    SELECT url, length(data), rowid, data FROM feedImageData
                    """)
            try db.drop(table: "feedImageData")
            try db.rename(table: "boundedFeedImageData", to: "feedImageData")
            // Covers the least-recently-used order and the sum of sizes.
            try db.create(index: "feedImageData_on_lastUsed_size", on: "feedImageData", columns: ["lastUsed", "size"])
        }
        migrator.registerMigration("Keep each image's alternative text and comment count") { db in
            for table in ["feedImage", "replacedFeedImage"] {
                try db.alter(table: table) { table in
                    table.add(column: "alternativeText", .text)
                    table.add(column: "commentCount", .integer)
                }
            }
        }
        migrator.registerMigration("Keep who posted each image") { db in
            for table in ["feedImage", "replacedFeedImage"] {
                try db.alter(table: table) { table in
                    table.add(column: "authorUsername", .text)
                    table.add(column: "authorName", .text)
                }
            }
        }
        migrator.registerMigration("Keep each photo's size, placeholder, URL per size and date") { db in
            for table in ["feedImage", "replacedFeedImage"] {
                try db.alter(table: table) { table in
                    table.add(column: "photo", .text)
                    table.add(column: "createdAt", .datetime)
                }
            }
        }
        migrator.registerMigration("Keep other cached resources, such as the news") { db in
            try db.create(table: "cachedResource", options: [.withoutRowID]) { table in
                table.primaryKey("key", .text)
                table.column("data", .blob).notNull()
                table.column("timestamp", .datetime).notNull()
            }
            try db.create(index: "cachedResourceByTimestamp", on: "cachedResource", columns: ["timestamp"])
        }
        migrator.registerMigration("Keep each author's picture") { db in
            for table in ["feedImage", "replacedFeedImage"] {
                try db.alter(table: table) { table in
                    table.add(column: "authorAvatar", .text)
                }
            }
        }
        migrator.registerMigration("Keep each image's like count") { db in
            for table in ["feedImage", "replacedFeedImage"] {
                try db.alter(table: table) { table in
                    table.add(column: "likeCount", .integer)
                }
            }
        }
        migrator.registerMigration("Keep each image's content warning and when it was edited") { db in
            for table in ["feedImage", "replacedFeedImage"] {
                try db.alter(table: table) { table in
                    table.add(column: "contentWarning", .text)
                    table.add(column: "editedAt", .datetime)
                }
            }
        }
        return migrator
    }
}
