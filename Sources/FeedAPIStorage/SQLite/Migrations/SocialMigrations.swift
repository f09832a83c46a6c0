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
        // What people are told of: a like of their photo, a comment on it, a new follower, a
        // mention. Triggers keep likes, comments and follows told as they come and go (a
        // removed like takes its notification away); mentions are written by the stores, which
        // know the names a text mentions. A person has read everything up to
        // `notifications_read_through`. Every bounded action is remembered for its window in
        // `action_change` (likes move there from `like_change`).
        migrator.registerMigration("Notifications; bounds on follows and comments") { db in
            try db.execute(
                sql: """
                    ALTER TABLE account ADD COLUMN notifications_read_through INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE notification (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recipient_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        actor_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('like', 'comment', 'follow', 'mention')),
                        feed_item_position INTEGER REFERENCES feed_item(position) ON DELETE CASCADE,
                        comment_position INTEGER REFERENCES comment(position) ON DELETE CASCADE,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX notification_newest_first ON notification (recipient_id, id);
                    CREATE INDEX notification_by_actor ON notification (actor_id, kind);
                    CREATE INDEX notification_by_item ON notification (feed_item_position);
                    CREATE INDEX notification_by_comment ON notification (comment_position);
                    CREATE TRIGGER like_notifies AFTER INSERT ON image_like BEGIN
                        INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, created_at)
                        SELECT feed_item.author_id, NEW.account_id, 'like', NEW.feed_item_position, NEW.liked_at FROM feed_item
                        WHERE feed_item.position = NEW.feed_item_position AND feed_item.author_id IS NOT NULL AND feed_item.author_id != NEW.account_id;
                    END;
                    CREATE TRIGGER unlike_unnotifies AFTER DELETE ON image_like BEGIN
                        DELETE FROM notification
                        WHERE actor_id = OLD.account_id AND kind = 'like' AND feed_item_position = OLD.feed_item_position;
                    END;
                    CREATE TRIGGER follow_notifies AFTER INSERT ON follow WHEN NEW.follower_id != NEW.followed_id BEGIN
                        INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                        VALUES (NEW.followed_id, NEW.follower_id, 'follow', NEW.followed_at);
                    END;
                    CREATE TRIGGER unfollow_unnotifies AFTER DELETE ON follow BEGIN
                        DELETE FROM notification WHERE actor_id = OLD.follower_id AND kind = 'follow' AND recipient_id = OLD.followed_id;
                    END;
                    CREATE TRIGGER comment_notifies AFTER INSERT ON comment BEGIN
                        INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, comment_position, created_at)
                        SELECT feed_item.author_id, account.id, 'comment', NEW.feed_item_position, NEW.position, NEW.created_at
                        FROM feed_item JOIN account ON account.username = NEW.username
                        WHERE feed_item.position = NEW.feed_item_position AND feed_item.author_id IS NOT NULL AND feed_item.author_id != account.id;
                    END;
                    CREATE TABLE action_change (
                        account_id INTEGER NOT NULL,
                        action TEXT NOT NULL,
                        changed_at REAL NOT NULL
                    );
                    CREATE INDEX action_change_by_account ON action_change (account_id, action, changed_at);
                    CREATE INDEX action_change_by_time ON action_change (action, changed_at);
                    DROP TABLE like_change;
                    """)
        }
        migrator.registerMigration("Edit and remove posts; content warnings") { db in
            // A removed post leaves its id and place behind, so a reader paging after it goes
            // on from where it stood.
            try db.execute(
                sql: """
                    ALTER TABLE feed_item ADD COLUMN content_warning TEXT;
                    ALTER TABLE feed_item ADD COLUMN edited_at REAL;
                    CREATE TABLE removed_feed_item (
                        id TEXT PRIMARY KEY NOT NULL,
                        position INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX removed_feed_item_by_position ON removed_feed_item (position);
                    -- Whether a removed post's image files are still used by another post.
                    CREATE INDEX feed_item_by_image ON feed_item (image_digest);
                    CREATE INDEX feed_item_rendition_by_image ON feed_item_rendition (image_digest);
                    """)
        }
        migrator.registerMigration("Roles, reports, suspensions and the moderation log") { db in
            // A report's and a log entry's target: a photo's or a comment's id, or a lowercase
            // username; it outlives what it names.
            try db.execute(
                sql: """
                    ALTER TABLE account ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin'));
                    ALTER TABLE account ADD COLUMN suspended_at REAL;
                    ALTER TABLE account ADD COLUMN suspension_reason TEXT;
                    CREATE TABLE report (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        reporter_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        target_kind TEXT NOT NULL CHECK (target_kind IN ('image', 'comment', 'account')),
                        target TEXT NOT NULL,
                        reason TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'illegal', 'other')),
                        note TEXT,
                        created_at REAL NOT NULL,
                        resolved_at REAL
                    );
                    CREATE UNIQUE INDEX report_open_once ON report (reporter_id, target_kind, target) WHERE resolved_at IS NULL;
                    CREATE INDEX report_open_by_target ON report (target_kind, target) WHERE resolved_at IS NULL;
                    CREATE TABLE moderation_log (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        moderator TEXT NOT NULL,
                        action TEXT NOT NULL,
                        target_kind TEXT NOT NULL,
                        target TEXT NOT NULL,
                        reason TEXT,
                        created_at REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("Blocks and mutes") { db in
            try db.execute(
                sql: """
                    CREATE TABLE block (
                        blocker_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        blocked_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        blocked_at REAL NOT NULL,
                        PRIMARY KEY (blocker_id, blocked_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX block_by_blocked ON block (blocked_id, blocker_id);
                    CREATE TABLE mute (
                        muter_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        muted_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        muted_at REAL NOT NULL,
                        PRIMARY KEY (muter_id, muted_id)
                    ) WITHOUT ROWID;
                    """)
        }
        // A followers-only post is seen by its author and their followers; a locked account's
        // would-be followers wait in follow_request until it accepts them.
        migrator.registerMigration("Followers-only posts, locked accounts, follow requests") { db in
            try db.execute(
                sql: """
                    ALTER TABLE feed_item ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'followers'));
                    ALTER TABLE account ADD COLUMN default_visibility TEXT NOT NULL DEFAULT 'public'
                        CHECK (default_visibility IN ('public', 'followers'));
                    ALTER TABLE account ADD COLUMN locked INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE follow_request (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        requester_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        requested_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        requested_at REAL NOT NULL,
                        UNIQUE (requester_id, requested_id)
                    );
                    CREATE INDEX follow_request_by_requested ON follow_request (requested_id, position);
                    """)
        }
        // The username of someone who left stays theirs for a while: nobody else takes it at once.
        migrator.registerMigration("Keep a departed person's username for a while") { db in
            try db.execute(
                sql: """
                    CREATE TABLE reserved_username (
                        username TEXT PRIMARY KEY NOT NULL,
                        until REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TRIGGER reserved_username_kept BEFORE INSERT ON account
                    WHEN EXISTS (SELECT 1 FROM reserved_username WHERE username = lower(NEW.username) AND until > NEW.created_at)
                    BEGIN
                        SELECT RAISE(ABORT, 'the username is reserved');
                    END;
                    """)
        }
        // A request to follow tells the locked account's owner until it is answered or taken
        // back; an acceptance tells the one who asked, as long as they follow. SQLite cannot
        // widen a CHECK in place: the table is made again with its rows and its sequence (an
        // id once given, then deleted, is never given again: read-through marks stand on ids).
        // The triggers of other tables name it; the legacy rename leaves them as they are.
        migrator.registerMigration("Follow requests and acceptances notify") { db in
            let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'notification'") ?? 0
            try db.execute(
                sql: """
                    PRAGMA legacy_alter_table = ON;
                    CREATE TABLE notification_widened (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recipient_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        actor_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('like', 'comment', 'follow', 'mention', 'follow_request', 'follow_accepted')),
                        feed_item_position INTEGER REFERENCES feed_item(position) ON DELETE CASCADE,
                        comment_position INTEGER REFERENCES comment(position) ON DELETE CASCADE,
                        created_at REAL NOT NULL
                    );
                    INSERT INTO notification_widened (id, recipient_id, actor_id, kind, feed_item_position, comment_position, created_at)
                    SELECT id, recipient_id, actor_id, kind, feed_item_position, comment_position, created_at FROM notification;
                    DROP TABLE notification;
                    ALTER TABLE notification_widened RENAME TO notification;
                    PRAGMA legacy_alter_table = OFF;
                    CREATE INDEX notification_newest_first ON notification (recipient_id, id);
                    CREATE INDEX notification_by_actor ON notification (actor_id, kind);
                    CREATE INDEX notification_by_item ON notification (feed_item_position);
                    CREATE INDEX notification_by_comment ON notification (comment_position);
                    DELETE FROM sqlite_sequence WHERE name = 'notification';
                    INSERT INTO sqlite_sequence (name, seq) VALUES ('notification', max(?, coalesce((SELECT max(id) FROM notification), 0)));
                    DROP TRIGGER unfollow_unnotifies;
                    CREATE TRIGGER unfollow_unnotifies AFTER DELETE ON follow BEGIN
                        DELETE FROM notification WHERE actor_id = OLD.follower_id AND kind = 'follow' AND recipient_id = OLD.followed_id;
                        DELETE FROM notification WHERE actor_id = OLD.followed_id AND kind = 'follow_accepted' AND recipient_id = OLD.follower_id;
                    END;
                    CREATE TRIGGER follow_request_notifies AFTER INSERT ON follow_request WHEN NEW.requester_id != NEW.requested_id BEGIN
                        INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                        VALUES (NEW.requested_id, NEW.requester_id, 'follow_request', NEW.requested_at);
                    END;
                    CREATE TRIGGER follow_request_unnotifies AFTER DELETE ON follow_request BEGIN
                        DELETE FROM notification WHERE actor_id = OLD.requester_id AND kind = 'follow_request' AND recipient_id = OLD.requested_id;
                    END;
                    INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                    SELECT requested_id, requester_id, 'follow_request', requested_at FROM follow_request ORDER BY position;
                    """, arguments: [sequence])
        }
        // Each name as a search compares it, kept beside it: folding every name for every
        // search cost 9 ms among 10,000 people.
        migrator.registerMigration("Find people by a folded name") { db in
            try db.execute(sql: "ALTER TABLE account ADD COLUMN search_name TEXT NOT NULL DEFAULT ''")
            let names = try Row.fetchAll(db, sql: "SELECT id, name FROM account")
            for row in names {
                let name: String = row["name"]
                try db.execute(sql: "UPDATE account SET search_name = ? WHERE id = ?", arguments: [PeopleSearch.folded(name), row["id"] as Int64])
            }
        }
        return migrator
    }
}
