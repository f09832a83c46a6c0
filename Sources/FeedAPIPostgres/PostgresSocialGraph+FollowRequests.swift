import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

extension PostgresSocialGraph {
    package func privacySettings(of accountID: Int64) async throws -> PrivacySettings {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in try await Self.privacySettings(of: accountID, on: connection, logger: logger) }
        }
    }

    package func updatePrivacy(
        of accountID: Int64, defaultVisibility: PostVisibility?, locked: Bool?, at date: Date
    ) async throws -> PrivacySettings {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await connection.query(
                    """
                    UPDATE account SET default_visibility = coalesce(\(defaultVisibility?.rawValue), default_visibility),
                        locked = coalesce(\(locked), locked)
                    WHERE id = \(accountID)
                    """, logger: logger)
                if locked == false {
                    // Nobody waits at an open door: every request becomes a follow, in the order asked.
                    try await connection.query(
                        """
                        WITH accepted AS (
                            INSERT INTO follow (follower_id, followed_id, followed_at)
                            SELECT requester_id, requested_id, \(date.timeIntervalSince1970) FROM follow_request
                            WHERE requested_id = \(accountID) ORDER BY position
                            ON CONFLICT (follower_id, followed_id) DO NOTHING RETURNING follower_id
                        )
                        INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                        SELECT follower_id, \(accountID), 'follow_accepted', \(date.timeIntervalSince1970) FROM accepted
                        """, logger: logger)
                    try await Self.untellOwnAnswer(to: accountID, from: nil, on: connection, logger: logger)
                    try await connection.query("DELETE FROM follow_request WHERE requested_id = \(accountID)", logger: logger)
                }
                return try await Self.privacySettings(of: accountID, on: connection, logger: logger)
            }
        }
    }

    package func followOrRequest(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> FollowOutcome {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                if try await Self.isBlocked(between: followerID, and: followedID, on: connection, logger: logger) { throw BlockedInteraction() }
                var locked = false
                for try await isLocked in try await connection.query(
                    "SELECT locked FROM account WHERE id = \(followedID)", logger: logger
                ).decode(Bool.self) {
                    locked = isLocked
                }
                let follows = try await PostgresFeedRepository.exists(
                    "SELECT EXISTS (SELECT 1 FROM follow WHERE follower_id = \(followerID) AND followed_id = \(followedID))",
                    on: connection, logger: logger)
                if !follows {
                    let change: PostgresQuery =
                        locked
                        ? """
                        INSERT INTO follow_request (requester_id, requested_id, requested_at)
                        VALUES (\(followerID), \(followedID), \(date.timeIntervalSince1970))
                        ON CONFLICT (requester_id, requested_id) DO NOTHING RETURNING 1
                        """
                        : """
                        INSERT INTO follow (follower_id, followed_id, followed_at) VALUES (\(followerID), \(followedID), \(date.timeIntervalSince1970))
                        ON CONFLICT (follower_id, followed_id) DO NOTHING RETURNING 1
                        """
                    var changed = false
                    for try await _ in try await connection.query(change, logger: logger) { changed = true }
                    if changed, let limit {
                        try await PostgresActionWindow.admit(
                            .follow, ActionQuota(accountID: followerID, limit: limit), at: date, on: connection, logger: logger)
                    }
                }
                var count = 0
                for try await followers in try await connection.query(
                    "SELECT followers_count FROM account WHERE id = \(followedID)", logger: logger
                ).decode(Int.self) {
                    count = followers
                }
                let following = follows || !locked
                return FollowOutcome(following: following, requested: !following, followersCount: count)
            }
        }
    }

    package func hasRequested(_ followedID: Int64, by followerID: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await PostgresFeedRepository.existsOnClient(
                "SELECT EXISTS (SELECT 1 FROM follow_request WHERE requester_id = \(followerID) AND requested_id = \(followedID))",
                client: client, logger: logger)
        }
    }

    package func followRequests(to accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowRequest] {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                var start = Int64.min
                if let username {
                    var found: Int64?
                    for try await position in try await connection.query(
                        """
                        SELECT follow_request.position FROM follow_request JOIN account ON account.id = follow_request.requester_id
                        WHERE follow_request.requested_id = \(accountID) AND lower(account.username) = lower(\(username.value))
                        """, logger: logger
                    ).decode(Int64.self) {
                        found = position
                    }
                    guard let found else { throw SocialGraphError.notInList(username.value) }
                    start = found
                }
                var requests: [FollowRequest] = []
                for try await (name, displayName, avatar, requestedAt) in try await connection.query(
                    """
                    SELECT account.username, account.name, account.avatar, follow_request.requested_at
                    FROM follow_request JOIN account ON account.id = follow_request.requester_id
                    WHERE follow_request.requested_id = \(accountID) AND follow_request.position > \(start)
                    ORDER BY follow_request.position LIMIT \(limit)
                    """, logger: logger
                ).decode((String, String, String?, Double).self) {
                    requests.append(
                        FollowRequest(
                            username: name, name: displayName, avatar: try StoredAvatarColumn.avatar(from: avatar),
                            requestedAt: Date(timeIntervalSince1970: requestedAt)))
                }
                return requests
            }
        }
    }

    package func followRequestCount(to accountID: Int64) async throws -> Int {
        try await deadline.bounded { [self] in
            for try await count in try await client.query(
                "SELECT count(*)::BIGINT FROM follow_request WHERE requested_id = \(accountID)", logger: logger
            ).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    package func answerFollowRequest(from requesterID: Int64, to accountID: Int64, accept: Bool, at date: Date) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                var answered = false
                for try await _ in try await connection.query(
                    "DELETE FROM follow_request WHERE requester_id = \(requesterID) AND requested_id = \(accountID) RETURNING 1", logger: logger)
                {
                    answered = true
                }
                if answered && accept {
                    try await connection.query(
                        """
                        WITH accepted AS (
                            INSERT INTO follow (follower_id, followed_id, followed_at)
                            VALUES (\(requesterID), \(accountID), \(date.timeIntervalSince1970))
                            ON CONFLICT (follower_id, followed_id) DO NOTHING RETURNING follower_id
                        )
                        INSERT INTO notification (recipient_id, actor_id, kind, created_at)
                        SELECT follower_id, \(accountID), 'follow_accepted', \(date.timeIntervalSince1970) FROM accepted
                        """, logger: logger)
                    try await Self.untellOwnAnswer(to: accountID, from: requesterID, on: connection, logger: logger)
                }
                return answered
            }
        }
    }

    /// The one who accepts a request (`requesterID`'s, or every one waiting, before they are
    /// deleted) is not told of the follow their own answer made.
    private static func untellOwnAnswer(to accountID: Int64, from requesterID: Int64?, on connection: PostgresConnection, logger: Logger) async throws {
        if let requesterID {
            try await connection.query(
                "DELETE FROM notification WHERE recipient_id = \(accountID) AND actor_id = \(requesterID) AND kind = 'follow'", logger: logger)
        } else {
            try await connection.query(
                """
                DELETE FROM notification WHERE recipient_id = \(accountID) AND kind = 'follow'
                    AND actor_id IN (SELECT requester_id FROM follow_request WHERE requested_id = \(accountID))
                """, logger: logger)
        }
    }

    private static func privacySettings(of accountID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> PrivacySettings {
        for try await (visibility, locked) in try await connection.query(
            "SELECT default_visibility, locked FROM account WHERE id = \(accountID)", logger: logger
        ).decode((String, Bool).self) {
            return PrivacySettings(defaultVisibility: PostVisibility(rawValue: visibility) ?? .followers, locked: locked)
        }
        return PrivacySettings()
    }
}
