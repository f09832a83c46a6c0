import GRDB
import MediaPipeline

/// The feed's tables: items, comments, the images kept by content and each photo's renditions.
///
/// Append-only: a released migration is never edited, only followed by new ones. Their names
/// are what existing files remember, so they stay as they are.
enum FeedMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create feed, comments and images") { db in
            try db.execute(
                sql: """
                    CREATE TABLE image (
                        digest TEXT PRIMARY KEY NOT NULL,
                        content_type TEXT NOT NULL,
                        data BLOB NOT NULL
                    );
                    -- position: the feed order, ever increasing (AUTOINCREMENT never reuses a value),
                    -- so a page is one range scan of the primary key after the position of after_id.
                    CREATE TABLE feed_item (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        description TEXT,
                        location TEXT,
                        image_digest TEXT NOT NULL REFERENCES image(digest)
                    );
                    CREATE TABLE comment (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        feed_item_position INTEGER NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                        message TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        username TEXT NOT NULL
                    );
                    CREATE INDEX comment_newest_first ON comment (feed_item_position, created_at DESC, position);
                    """)
        }
        migrator.registerMigration("Describe each image for those who cannot see it") { db in
            try db.execute(sql: "ALTER TABLE feed_item ADD COLUMN alt TEXT")
        }
        migrator.registerMigration("Give every post the account that posted it") { db in
            // Removing an account keeps its posts, without author.
            try db.execute(
                sql: """
                    ALTER TABLE feed_item ADD COLUMN author_id INTEGER REFERENCES account(id) ON DELETE SET NULL;
                    CREATE INDEX feed_item_by_author ON feed_item (author_id);
                    """)
        }
        migrator.registerMigration("Keep every photo in four sizes, with its dimensions and colours") { db in
            try db.execute(
                sql: """
                    ALTER TABLE feed_item ADD COLUMN width INTEGER;
                    ALTER TABLE feed_item ADD COLUMN height INTEGER;
                    ALTER TABLE feed_item ADD COLUMN color TEXT;
                    ALTER TABLE feed_item ADD COLUMN blur_hash TEXT;
                    ALTER TABLE feed_item ADD COLUMN created_at REAL;
                    -- name: thumb, small, regular or full; feed_item.image_digest is the regular one.
                    CREATE TABLE feed_item_rendition (
                        feed_item_position INTEGER NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        image_digest TEXT NOT NULL REFERENCES image(digest),
                        PRIMARY KEY (feed_item_position, name)
                    ) WITHOUT ROWID;
                    """)
            try LegacyImageMigration(processor: PhotoProcessor()).processImagesOfEarlierItems(in: db)
        }
        migrator.registerMigration("Remember the file each photo was made from") { db in
            try db.execute(
                sql: """
                    ALTER TABLE feed_item ADD COLUMN source_digest TEXT;
                    CREATE INDEX feed_item_by_source_digest ON feed_item (source_digest) WHERE source_digest IS NOT NULL;
                    """)
        }
        return migrator
    }
}
