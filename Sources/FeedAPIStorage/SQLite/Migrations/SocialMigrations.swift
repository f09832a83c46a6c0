import GRDB

/// Following and profiles: who follows whom, each person's bio, and the counts a profile
/// shows, kept by triggers as rows come and go so that no count is ever a scan.
///
/// Append-only: a released migration is never edited, only followed by new ones. Their names
/// are what existing files remember, so they stay as they are.
enum SocialMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Follow people, with profiles and their counts") { db in
            try db.execute(
                sql: """
                    ALTER TABLE account ADD COLUMN bio TEXT NOT NULL DEFAULT '';
                    ALTER TABLE account ADD COLUMN posts_count INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE account ADD COLUMN followers_count INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE account ADD COLUMN following_count INTEGER NOT NULL DEFAULT 0;
                    UPDATE account SET posts_count = (SELECT count(*) FROM feed_item WHERE author_id = account.id);
                    -- position: the order follows were made in, for keyset paging of both lists.
                    CREATE TABLE follow (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        follower_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        followed_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        followed_at REAL NOT NULL,
                        UNIQUE (follower_id, followed_id)
                    );
                    CREATE INDEX follow_by_followed ON follow (followed_id, position);
                    CREATE INDEX follow_by_follower ON follow (follower_id, position);
                    CREATE TRIGGER follow_counted AFTER INSERT ON follow BEGIN
                        UPDATE account SET following_count = following_count + 1 WHERE id = NEW.follower_id;
                        UPDATE account SET followers_count = followers_count + 1 WHERE id = NEW.followed_id;
                    END;
                    CREATE TRIGGER unfollow_counted AFTER DELETE ON follow BEGIN
                        UPDATE account SET following_count = following_count - 1 WHERE id = OLD.follower_id;
                        UPDATE account SET followers_count = followers_count - 1 WHERE id = OLD.followed_id;
                    END;
                    CREATE TRIGGER post_counted AFTER INSERT ON feed_item WHEN NEW.author_id IS NOT NULL BEGIN
                        UPDATE account SET posts_count = posts_count + 1 WHERE id = NEW.author_id;
                    END;
                    CREATE TRIGGER removed_post_counted AFTER DELETE ON feed_item WHEN OLD.author_id IS NOT NULL BEGIN
                        UPDATE account SET posts_count = posts_count - 1 WHERE id = OLD.author_id;
                    END;
                    """)
        }
        // A person's picture, written and read whole (see `StoredAvatarColumn`).
        migrator.registerMigration("Avatars") { db in
            try db.execute(sql: "ALTER TABLE account ADD COLUMN avatar TEXT")
        }
        // A post's likes are counted as they come and go, so a photo liked 100,000 times
        // costs a page no more than one liked once; like changes are remembered a minute,
        // for the per-account bound.
        migrator.registerMigration("Likes") { db in
            try db.execute(
                sql: """
                    ALTER TABLE feed_item ADD COLUMN like_count INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE image_like (
                        feed_item_position INTEGER NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        liked_at REAL NOT NULL,
                        PRIMARY KEY (feed_item_position, account_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX image_like_newest_first ON image_like (feed_item_position, liked_at DESC, account_id);
                    CREATE INDEX image_like_by_account ON image_like (account_id);
                    CREATE TRIGGER like_counted AFTER INSERT ON image_like BEGIN
                        UPDATE feed_item SET like_count = like_count + 1 WHERE position = NEW.feed_item_position;
                    END;
                    CREATE TRIGGER unlike_counted AFTER DELETE ON image_like BEGIN
                        UPDATE feed_item SET like_count = like_count - 1 WHERE position = OLD.feed_item_position;
                    END;
                    CREATE TABLE like_change (
                        account_id INTEGER NOT NULL,
                        changed_at REAL NOT NULL
                    );
                    CREATE INDEX like_change_by_account ON like_change (account_id, changed_at);
                    """)
        }
        return migrator
    }
}
