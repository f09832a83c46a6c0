import GRDB

/// The news' tables: stories, web links, adverts and their photos (whose bytes are in the feed's `image` table).
///
/// Append-only: a released migration is never edited, only followed by new ones. Their names
/// are what existing files remember, so they stay as they are.
enum NewsMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Keep the news: stories, web links, adverts and their photos") { db in
            try db.execute(
                sql: """
                    CREATE TABLE news_photo (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        color TEXT NOT NULL,
                        blur_hash TEXT NOT NULL
                    );
                    CREATE TABLE news_photo_rendition (
                        news_photo_id INTEGER NOT NULL REFERENCES news_photo(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        image_digest TEXT NOT NULL REFERENCES image(digest),
                        PRIMARY KEY (news_photo_id, name)
                    ) WITHOUT ROWID;
                    -- kind: story (headline, teaser, photo, dates), weblink (headline, url, photo?, dates)
                    -- or advert (url, advertiser, photo, slot: its place in the list). alt '' is decorative.
                    CREATE TABLE news_item (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('story', 'weblink', 'advert')),
                        headline TEXT,
                        teaser TEXT,
                        url TEXT,
                        advertiser TEXT,
                        photo_id INTEGER REFERENCES news_photo(id),
                        alt TEXT,
                        created_at REAL,
                        updated_at REAL,
                        slot INTEGER
                    );
                    CREATE INDEX news_item_newest_update_first ON news_item (updated_at DESC);
                    -- A paragraph has text; an image has a photo and its alt.
                    CREATE TABLE news_story_block (
                        story_id TEXT NOT NULL REFERENCES news_item(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        text TEXT,
                        photo_id INTEGER REFERENCES news_photo(id),
                        alt TEXT,
                        PRIMARY KEY (story_id, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE news_setting (
                        name TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }
}
