import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO
import PostgresSupport

/// The API's schema on PostgreSQL: the same tables as on SQLite (accounts, the feed, the news),
/// in the types PostgreSQL has for them.
///
/// Append-only: a released migration is never edited, only followed by new ones; their names
/// are what databases remember.
enum PostgresMigrations {
    typealias Migration = PostgresMigrator.Migration

    /// Taken for the whole of a migration run, by every instance (an arbitrary, fixed number).
    static let lockKey: Int64 = 0x4546_4D49_4752

    static let all: [Migration] = [
        Migration(
            identifier: "Create accounts, tokens and log-in attempts",
            sql: """
                CREATE TABLE account (
                    id BIGSERIAL PRIMARY KEY,
                    username TEXT NOT NULL,
                    name TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL
                );
                -- Usernames are unique without regard to case, as on SQLite (COLLATE NOCASE).
                CREATE UNIQUE INDEX account_by_username ON account (lower(username));
                -- Tokens are kept only as their SHA-256: a copy of the database gives no usable token.
                CREATE TABLE api_token (
                    token_hash BYTEA PRIMARY KEY,
                    account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL,
                    expires_at DOUBLE PRECISION NOT NULL
                );
                CREATE INDEX api_token_by_account ON api_token (account_id);
                CREATE TABLE log_in_attempt (
                    username TEXT NOT NULL,
                    client_address TEXT NOT NULL,
                    attempted_at DOUBLE PRECISION NOT NULL
                );
                CREATE INDEX log_in_attempt_by_address ON log_in_attempt (username, client_address, attempted_at);
                CREATE INDEX log_in_attempt_by_username ON log_in_attempt (username, attempted_at);
                CREATE INDEX log_in_attempt_by_age ON log_in_attempt (attempted_at);
                """),
        Migration(
            identifier: "Create the feed: images, items, renditions and comments",
            sql: """
                CREATE TABLE image (
                    digest TEXT PRIMARY KEY,
                    content_type TEXT NOT NULL,
                    data BYTEA NOT NULL
                );
                -- position: the feed order. Appended items take the next after the last, posts the
                -- one before the first, under a lock, so a page is a range scan of the primary key.
                CREATE TABLE feed_item (
                    position BIGINT PRIMARY KEY,
                    id UUID NOT NULL UNIQUE,
                    description TEXT,
                    location TEXT,
                    alt TEXT,
                    image_digest TEXT NOT NULL REFERENCES image(digest),
                    author_id BIGINT REFERENCES account(id) ON DELETE SET NULL,
                    width INTEGER,
                    height INTEGER,
                    color TEXT,
                    blur_hash TEXT,
                    created_at DOUBLE PRECISION,
                    source_digest TEXT
                );
                CREATE INDEX feed_item_by_author ON feed_item (author_id);
                CREATE INDEX feed_item_by_source_digest ON feed_item (source_digest) WHERE source_digest IS NOT NULL;
                -- name: thumb, small, regular or full; feed_item.image_digest is the regular one.
                CREATE TABLE feed_item_rendition (
                    feed_item_position BIGINT NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    image_digest TEXT NOT NULL REFERENCES image(digest),
                    PRIMARY KEY (feed_item_position, name)
                );
                CREATE TABLE comment (
                    position BIGSERIAL PRIMARY KEY,
                    id UUID NOT NULL UNIQUE,
                    feed_item_position BIGINT NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                    message TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL,
                    username TEXT NOT NULL
                );
                CREATE INDEX comment_newest_first ON comment (feed_item_position, created_at DESC, position);
                """),
        Migration(
            identifier: "Keep the news: stories, web links, adverts and their photos",
            sql: """
                CREATE TABLE news_photo (
                    id BIGSERIAL PRIMARY KEY,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    color TEXT NOT NULL,
                    blur_hash TEXT NOT NULL
                );
                CREATE TABLE news_photo_rendition (
                    news_photo_id BIGINT NOT NULL REFERENCES news_photo(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    image_digest TEXT NOT NULL REFERENCES image(digest),
                    PRIMARY KEY (news_photo_id, name)
                );
                -- ordinal: the order items were written in, which breaks ties of updated_at.
                CREATE TABLE news_item (
                    id UUID PRIMARY KEY,
                    ordinal BIGSERIAL NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('story', 'weblink', 'advert')),
                    headline TEXT,
                    teaser TEXT,
                    url TEXT,
                    advertiser TEXT,
                    photo_id BIGINT REFERENCES news_photo(id),
                    alt TEXT,
                    created_at DOUBLE PRECISION,
                    updated_at DOUBLE PRECISION,
                    slot INTEGER
                );
                CREATE INDEX news_item_newest_update_first ON news_item (updated_at DESC);
                CREATE TABLE news_story_block (
                    story_id UUID NOT NULL REFERENCES news_item(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    text TEXT,
                    photo_id BIGINT REFERENCES news_photo(id),
                    alt TEXT,
                    PRIMARY KEY (story_id, position)
                );
                CREATE TABLE news_setting (
                    name TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                """),
        // The counts are kept by triggers as rows come and go, so no count is ever a scan. A
        // function's body stays on one line: the migrator runs one statement per line end.
        Migration(
            identifier: "Follow people, with profiles and their counts",
            sql: """
                ALTER TABLE account ADD COLUMN bio TEXT NOT NULL DEFAULT '';
                ALTER TABLE account ADD COLUMN posts_count BIGINT NOT NULL DEFAULT 0;
                ALTER TABLE account ADD COLUMN followers_count BIGINT NOT NULL DEFAULT 0;
                ALTER TABLE account ADD COLUMN following_count BIGINT NOT NULL DEFAULT 0;
                UPDATE account SET posts_count = (SELECT count(*) FROM feed_item WHERE author_id = account.id);
                CREATE TABLE follow (
                    position BIGSERIAL PRIMARY KEY,
                    follower_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    followed_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    followed_at DOUBLE PRECISION NOT NULL,
                    UNIQUE (follower_id, followed_id)
                );
                CREATE INDEX follow_by_followed ON follow (followed_id, position);
                CREATE INDEX follow_by_follower ON follow (follower_id, position);
                CREATE INDEX feed_item_by_author_in_order ON feed_item (author_id, position);
                CREATE FUNCTION count_follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN UPDATE account SET following_count = following_count + 1 WHERE id = NEW.follower_id; UPDATE account SET followers_count = followers_count + 1 WHERE id = NEW.followed_id; ELSE UPDATE account SET following_count = following_count - 1 WHERE id = OLD.follower_id; UPDATE account SET followers_count = followers_count - 1 WHERE id = OLD.followed_id; END IF; RETURN NULL; END $$;
                CREATE TRIGGER follow_counted AFTER INSERT OR DELETE ON follow FOR EACH ROW EXECUTE FUNCTION count_follow();
                CREATE FUNCTION count_post() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN UPDATE account SET posts_count = posts_count + 1 WHERE id = NEW.author_id; ELSE UPDATE account SET posts_count = posts_count - 1 WHERE id = OLD.author_id; END IF; RETURN NULL; END $$;
                CREATE TRIGGER post_counted AFTER INSERT OR DELETE ON feed_item FOR EACH ROW EXECUTE FUNCTION count_post();
                """),
        // A person's picture, written and read whole (see `StoredAvatarColumn`).
        Migration(identifier: "Avatars", sql: "ALTER TABLE account ADD COLUMN avatar TEXT;"),
        // Tokens issued before this get a random public id, no client and no last use.
        Migration(
            identifier: "Join by invitation; sessions; two factors",
            sql: """
                ALTER TABLE account ADD COLUMN totp_secret BYTEA;
                ALTER TABLE account ADD COLUMN totp_pending_secret BYTEA;
                ALTER TABLE account ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;
                ALTER TABLE api_token ADD COLUMN id TEXT;
                UPDATE api_token SET id = md5(random()::text || clock_timestamp()::text || encode(token_hash, 'hex'));
                ALTER TABLE api_token ALTER COLUMN id SET NOT NULL;
                CREATE UNIQUE INDEX api_token_by_id ON api_token (id);
                ALTER TABLE api_token ADD COLUMN client TEXT NOT NULL DEFAULT '';
                ALTER TABLE api_token ADD COLUMN last_used_at DOUBLE PRECISION;
                CREATE TABLE recovery_code (
                    account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    code_hash BYTEA NOT NULL,
                    PRIMARY KEY (account_id, code_hash)
                );
                -- Codes are kept only as their SHA-256, as tokens are.
                CREATE TABLE invitation (
                    id TEXT PRIMARY KEY,
                    code_hash BYTEA NOT NULL UNIQUE,
                    created_by BIGINT REFERENCES account(id) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL,
                    expires_at DOUBLE PRECISION,
                    uses_allowed INTEGER NOT NULL,
                    uses INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX invitation_by_creator ON invitation (created_by, created_at);
                CREATE TABLE registration (
                    client_address TEXT NOT NULL,
                    registered_at DOUBLE PRECISION NOT NULL
                );
                CREATE INDEX registration_by_address ON registration (client_address, registered_at);
                CREATE TABLE password_reset (
                    token_hash BYTEA PRIMARY KEY,
                    account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL,
                    expires_at DOUBLE PRECISION NOT NULL
                );
                """),
        // A post's likes are counted as they come and go; like changes are remembered a
        // minute, for the per-account bound.
        Migration(
            identifier: "Likes",
            sql: """
                ALTER TABLE feed_item ADD COLUMN like_count BIGINT NOT NULL DEFAULT 0;
                CREATE TABLE image_like (
                    feed_item_position BIGINT NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                    account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    liked_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (feed_item_position, account_id)
                );
                CREATE INDEX image_like_newest_first ON image_like (feed_item_position, liked_at DESC, account_id);
                CREATE INDEX image_like_by_account ON image_like (account_id);
                CREATE FUNCTION count_like() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN UPDATE feed_item SET like_count = like_count + 1 WHERE position = NEW.feed_item_position; ELSE UPDATE feed_item SET like_count = like_count - 1 WHERE position = OLD.feed_item_position; END IF; RETURN NULL; END $$;
                CREATE TRIGGER like_counted AFTER INSERT OR DELETE ON image_like FOR EACH ROW EXECUTE FUNCTION count_like();
                CREATE TABLE like_change (
                    account_id BIGINT NOT NULL,
                    changed_at DOUBLE PRECISION NOT NULL
                );
                CREATE INDEX like_change_by_account ON like_change (account_id, changed_at);
                """),
        // Notifications as in SQLite's migration of the same name. Besides, every instance is
        // told on `feed_api_events` as a change commits: `n:RECIPIENT` when someone's
        // notifications changed (by these triggers), `p:AUTHOR:ITEM` when someone posted (by
        // the store: a post, not an import).
        Migration(
            identifier: "Notifications; bounds on follows and comments",
            sql: """
                ALTER TABLE account ADD COLUMN notifications_read_through BIGINT NOT NULL DEFAULT 0;
                CREATE TABLE notification (
                    id BIGSERIAL PRIMARY KEY,
                    recipient_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    actor_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('like', 'comment', 'follow', 'mention')),
                    feed_item_position BIGINT REFERENCES feed_item(position) ON DELETE CASCADE,
                    comment_position BIGINT REFERENCES comment(position) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL
                );
                CREATE INDEX notification_newest_first ON notification (recipient_id, id);
                CREATE INDEX notification_by_actor ON notification (actor_id, kind);
                CREATE INDEX notification_by_item ON notification (feed_item_position);
                CREATE INDEX notification_by_comment ON notification (comment_position);
                CREATE FUNCTION notify_like() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, created_at) SELECT feed_item.author_id, NEW.account_id, 'like', NEW.feed_item_position, NEW.liked_at FROM feed_item WHERE feed_item.position = NEW.feed_item_position AND feed_item.author_id IS NOT NULL AND feed_item.author_id <> NEW.account_id; ELSE DELETE FROM notification WHERE actor_id = OLD.account_id AND kind = 'like' AND feed_item_position = OLD.feed_item_position; END IF; RETURN NULL; END $$;
                CREATE TRIGGER like_notifies AFTER INSERT OR DELETE ON image_like FOR EACH ROW EXECUTE FUNCTION notify_like();
                CREATE FUNCTION notify_follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN IF NEW.follower_id <> NEW.followed_id THEN INSERT INTO notification (recipient_id, actor_id, kind, created_at) VALUES (NEW.followed_id, NEW.follower_id, 'follow', NEW.followed_at); END IF; ELSE DELETE FROM notification WHERE actor_id = OLD.follower_id AND kind = 'follow' AND recipient_id = OLD.followed_id; END IF; RETURN NULL; END $$;
                CREATE TRIGGER follow_notifies AFTER INSERT OR DELETE ON follow FOR EACH ROW EXECUTE FUNCTION notify_follow();
                CREATE FUNCTION notify_comment() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, comment_position, created_at) SELECT feed_item.author_id, account.id, 'comment', NEW.feed_item_position, NEW.position, NEW.created_at FROM feed_item JOIN account ON lower(account.username) = lower(NEW.username) WHERE feed_item.position = NEW.feed_item_position AND feed_item.author_id IS NOT NULL AND feed_item.author_id <> account.id; RETURN NULL; END $$;
                CREATE TRIGGER comment_notifies AFTER INSERT ON comment FOR EACH ROW EXECUTE FUNCTION notify_comment();
                CREATE FUNCTION announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN PERFORM pg_notify('feed_api_events', 'n:' || NEW.recipient_id); ELSE PERFORM pg_notify('feed_api_events', 'n:' || OLD.recipient_id); END IF; RETURN NULL; END $$;
                CREATE TRIGGER notification_announced AFTER INSERT OR DELETE ON notification FOR EACH ROW EXECUTE FUNCTION announce_notification();
                CREATE TABLE action_change (
                    account_id BIGINT NOT NULL,
                    action TEXT NOT NULL,
                    changed_at DOUBLE PRECISION NOT NULL
                );
                CREATE INDEX action_change_by_account ON action_change (account_id, action, changed_at);
                CREATE INDEX action_change_by_time ON action_change (action, changed_at);
                DROP TABLE like_change;
                """),
        Migration(
            identifier: "Edit and remove posts; content warnings",
            sql: """
                ALTER TABLE feed_item ADD COLUMN content_warning TEXT;
                ALTER TABLE feed_item ADD COLUMN edited_at DOUBLE PRECISION;
                CREATE TABLE removed_feed_item (
                    id UUID PRIMARY KEY,
                    position BIGINT NOT NULL
                );
                CREATE INDEX removed_feed_item_by_position ON removed_feed_item (position);
                CREATE INDEX feed_item_by_image ON feed_item (image_digest);
                CREATE INDEX feed_item_rendition_by_image ON feed_item_rendition (image_digest);
                """),
        Migration(
            identifier: "Roles, reports, suspensions and the moderation log",
            sql: """
                ALTER TABLE account ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin'));
                ALTER TABLE account ADD COLUMN suspended_at DOUBLE PRECISION;
                ALTER TABLE account ADD COLUMN suspension_reason TEXT;
                CREATE TABLE report (
                    id BIGSERIAL PRIMARY KEY,
                    reporter_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    target_kind TEXT NOT NULL CHECK (target_kind IN ('image', 'comment', 'account')),
                    target TEXT NOT NULL,
                    reason TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'illegal', 'other')),
                    note TEXT,
                    created_at DOUBLE PRECISION NOT NULL,
                    resolved_at DOUBLE PRECISION
                );
                CREATE UNIQUE INDEX report_open_once ON report (reporter_id, target_kind, target) WHERE resolved_at IS NULL;
                CREATE INDEX report_open_by_target ON report (target_kind, target) WHERE resolved_at IS NULL;
                CREATE TABLE moderation_log (
                    id BIGSERIAL PRIMARY KEY,
                    moderator TEXT NOT NULL,
                    action TEXT NOT NULL,
                    target_kind TEXT NOT NULL,
                    target TEXT NOT NULL,
                    reason TEXT,
                    created_at DOUBLE PRECISION NOT NULL
                );
                """),
        Migration(
            identifier: "Blocks and mutes",
            sql: """
                CREATE TABLE block (
                    blocker_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    blocked_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    blocked_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (blocker_id, blocked_id)
                );
                CREATE INDEX block_by_blocked ON block (blocked_id, blocker_id);
                CREATE TABLE mute (
                    muter_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    muted_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    muted_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (muter_id, muted_id)
                );
                """),
        Migration(
            identifier: "Followers-only posts, locked accounts, follow requests",
            sql: """
                ALTER TABLE feed_item ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'followers'));
                ALTER TABLE account ADD COLUMN default_visibility TEXT NOT NULL DEFAULT 'public'
                    CHECK (default_visibility IN ('public', 'followers'));
                ALTER TABLE account ADD COLUMN locked BOOLEAN NOT NULL DEFAULT false;
                CREATE TABLE follow_request (
                    position BIGSERIAL PRIMARY KEY,
                    requester_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    requested_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    requested_at DOUBLE PRECISION NOT NULL,
                    UNIQUE (requester_id, requested_id)
                );
                CREATE INDEX follow_request_by_requested ON follow_request (requested_id, position);
                """),
        Migration(
            identifier: "Keep a departed person's username for a while",
            sql: """
                CREATE TABLE reserved_username (
                    username TEXT PRIMARY KEY,
                    until DOUBLE PRECISION NOT NULL
                );
                CREATE FUNCTION refuse_reserved_username() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF EXISTS (SELECT 1 FROM reserved_username WHERE username = lower(NEW.username) AND until > NEW.created_at) THEN RAISE EXCEPTION 'the username % is reserved', NEW.username USING ERRCODE = 'unique_violation'; END IF; RETURN NEW; END $$;
                CREATE TRIGGER reserved_username_kept BEFORE INSERT ON account FOR EACH ROW EXECUTE FUNCTION refuse_reserved_username();
                """),
        // As in SQLite's migration of the same name; here the CHECK is replaced in place.
        Migration(
            identifier: "Follow requests and acceptances notify",
            sql: """
                ALTER TABLE notification DROP CONSTRAINT notification_kind_check;
                ALTER TABLE notification ADD CONSTRAINT notification_kind_check
                    CHECK (kind IN ('like', 'comment', 'follow', 'mention', 'follow_request', 'follow_accepted'));
                CREATE OR REPLACE FUNCTION notify_follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN IF NEW.follower_id <> NEW.followed_id THEN INSERT INTO notification (recipient_id, actor_id, kind, created_at) VALUES (NEW.followed_id, NEW.follower_id, 'follow', NEW.followed_at); END IF; ELSE DELETE FROM notification WHERE (actor_id = OLD.follower_id AND kind = 'follow' AND recipient_id = OLD.followed_id) OR (actor_id = OLD.followed_id AND kind = 'follow_accepted' AND recipient_id = OLD.follower_id); END IF; RETURN NULL; END $$;
                CREATE FUNCTION notify_follow_request() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN IF NEW.requester_id <> NEW.requested_id THEN INSERT INTO notification (recipient_id, actor_id, kind, created_at) VALUES (NEW.requested_id, NEW.requester_id, 'follow_request', NEW.requested_at); END IF; ELSE DELETE FROM notification WHERE actor_id = OLD.requester_id AND kind = 'follow_request' AND recipient_id = OLD.requested_id; END IF; RETURN NULL; END $$;
                CREATE TRIGGER follow_request_notifies AFTER INSERT OR DELETE ON follow_request FOR EACH ROW EXECUTE FUNCTION notify_follow_request();
                INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                SELECT requested_id, requester_id, 'follow_request', requested_at FROM follow_request ORDER BY position;
                """),
        // As in SQLite's migration of the same name; the names already there are folded here
        // as `PeopleSearch.folded` folds them.
        Migration(
            identifier: "Find people by a folded name",
            sql: """
                ALTER TABLE account ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
                UPDATE account SET search_name = \(PeopleSearch.postgresFold("name"));
                """)
    ]

    /// Brings the database up to date; tells whether it had none of this schema before.
    /// - Throws: `NotAnAPIPostgresDatabase` when it holds tables of something else, or of a newer version.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws -> Bool {
        do {
            return try await PostgresMigrator(table: "schema_migration", lockKey: lockKey, migrations: all, ownsTheDatabase: true)
                .migrate(client, logger: logger)
        } catch let refused as PostgresMigrator.Refused {
            throw NotAnAPIPostgresDatabase(reason: refused.description)
        }
    }
}

/// The database given is something else, or of a newer schema: nothing is changed in it.
package struct NotAnAPIPostgresDatabase: Error, CustomStringConvertible {
    package let reason: String

    package var description: String {
        "The PostgreSQL database is not one of this feed API's (\(reason)); it was left as it was. Check --database."
    }
}
