import Foundation
import GRDB

extension SQLiteSocialGraph {
    package func privacySettings(of accountID: Int64) async throws -> PrivacySettings {
        try await database.read { db in try Self.privacySettings(of: accountID, in: db) }
    }

    package func updatePrivacy(
        of accountID: Int64, defaultVisibility: PostVisibility?, locked: Bool?, at date: Date
    ) async throws -> PrivacySettings {
        let (settings, accepted) = try await database.write { db -> (PrivacySettings, [Int64]) in
            try db.execute(
                sql: "UPDATE account SET default_visibility = coalesce(?, default_visibility), locked = coalesce(?, locked) WHERE id = ?",
                arguments: [defaultVisibility?.rawValue, locked, accountID])
            var accepted: [Int64] = []
            if locked == false {
                // Nobody waits at an open door: every request becomes a follow, in the order asked.
                accepted = try Int64.fetchAll(
                    db, sql: "SELECT requester_id FROM follow_request WHERE requested_id = ? ORDER BY position", arguments: [accountID])
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO follow (follower_id, followed_id, followed_at)
                        SELECT requester_id, requested_id, ? FROM follow_request WHERE requested_id = ? ORDER BY position;
                        INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                        SELECT requester_id, requested_id, 'follow_accepted', ? FROM follow_request WHERE requested_id = ? ORDER BY position;
                        DELETE FROM notification WHERE recipient_id = ? AND kind = 'follow'
                            AND actor_id IN (SELECT requester_id FROM follow_request WHERE requested_id = ?);
                        DELETE FROM follow_request WHERE requested_id = ?;
                        """,
                    arguments: [date.timeIntervalSince1970, accountID, date.timeIntervalSince1970, accountID, accountID, accountID, accountID])
            }
            return (try Self.privacySettings(of: accountID, in: db), accepted)
        }
        for recipient in accepted.isEmpty ? [] : [accountID] + accepted { events.publish(.notificationsChanged(recipientID: recipient)) }
        return settings
    }

    package func followOrRequest(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> FollowOutcome {
        let (outcome, changed) = try await database.write { db -> (FollowOutcome, Bool) in
            if try Self.isBlocked(between: followerID, and: followedID, in: db) { throw BlockedInteraction() }
            let locked = try Bool.fetchOne(db, sql: "SELECT locked FROM account WHERE id = ?", arguments: [followedID]) ?? false
            let follows =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM follow WHERE follower_id = ? AND followed_id = ?)", arguments: [followerID, followedID])
                ?? false
            var changed = false
            if !follows {
                try db.execute(
                    sql: locked
                        ? "INSERT OR IGNORE INTO follow_request (requester_id, requested_id, requested_at) VALUES (?, ?, ?)"
                        : "INSERT OR IGNORE INTO follow (follower_id, followed_id, followed_at) VALUES (?, ?, ?)",
                    arguments: [followerID, followedID, date.timeIntervalSince1970])
                changed = db.changesCount > 0
                if changed, let limit {
                    try SQLiteActionWindow.admit(.follow, ActionQuota(accountID: followerID, limit: limit), at: date, in: db)
                }
            }
            let following = follows || !locked
            return (
                FollowOutcome(
                    following: following, requested: !following,
                    followersCount: try Int.fetchOne(db, sql: "SELECT followers_count FROM account WHERE id = ?", arguments: [followedID]) ?? 0),
                changed
            )
        }
        if changed { events.publish(.notificationsChanged(recipientID: followedID)) }
        return outcome
    }

    package func hasRequested(_ followedID: Int64, by followerID: Int64) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM follow_request WHERE requester_id = ? AND requested_id = ?)",
                arguments: [followerID, followedID]) ?? false
        }
    }

    package func followRequests(to accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowRequest] {
        try await database.read { db in
            var start = Int64.min
            if let username {
                guard
                    let position = try Int64.fetchOne(
                        db,
                        sql: """
                            SELECT follow_request.position FROM follow_request JOIN account ON account.id = follow_request.requester_id
                            WHERE follow_request.requested_id = ? AND account.username = ?
                            """,
                        arguments: [accountID, username.value])
                else { throw SocialGraphError.notInList(username.value) }
                start = position
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT account.username, account.name, account.avatar, follow_request.requested_at
                    FROM follow_request JOIN account ON account.id = follow_request.requester_id
                    WHERE follow_request.requested_id = ? AND follow_request.position > ? ORDER BY follow_request.position LIMIT ?
                    """,
                arguments: [accountID, start, limit]
            ).map {
                FollowRequest(
                    username: $0["username"], name: $0["name"], avatar: try StoredAvatarColumn.avatar(from: $0["avatar"]),
                    requestedAt: Date(timeIntervalSince1970: $0["requested_at"]))
            }
        }
    }

    package func followRequestCount(to accountID: Int64) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM follow_request WHERE requested_id = ?", arguments: [accountID]) ?? 0
        }
    }

    package func answerFollowRequest(from requesterID: Int64, to accountID: Int64, accept: Bool, at date: Date) async throws -> Bool {
        let answered = try await database.write { db -> Bool in
            try db.execute(
                sql: "DELETE FROM follow_request WHERE requester_id = ? AND requested_id = ?", arguments: [requesterID, accountID])
            guard db.changesCount > 0 else { return false }
            if accept {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO follow (follower_id, followed_id, followed_at) VALUES (?, ?, ?)",
                    arguments: [requesterID, accountID, date.timeIntervalSince1970])
                if db.changesCount > 0 {
                    // The one who accepted is not told of their own answer; the one who asked is.
                    try db.execute(
                        sql: """
                            DELETE FROM notification WHERE recipient_id = ? AND actor_id = ? AND kind = 'follow';
                            INSERT INTO notification (recipient_id, actor_id, kind, created_at) VALUES (?, ?, 'follow_accepted', ?);
                            """,
                        arguments: [accountID, requesterID, requesterID, accountID, date.timeIntervalSince1970])
                }
            }
            return true
        }
        if answered {
            events.publish(.notificationsChanged(recipientID: accountID))
            if accept { events.publish(.notificationsChanged(recipientID: requesterID)) }
        }
        return answered
    }

    private static func privacySettings(of accountID: Int64, in db: Database) throws -> PrivacySettings {
        guard let row = try Row.fetchOne(db, sql: "SELECT default_visibility, locked FROM account WHERE id = ?", arguments: [accountID]) else {
            return PrivacySettings()
        }
        return PrivacySettings(defaultVisibility: PostVisibility(rawValue: row["default_visibility"]) ?? .followers, locked: row["locked"])
    }
}
