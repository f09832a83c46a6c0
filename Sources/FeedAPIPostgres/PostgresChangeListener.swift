import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

/// Hears what every instance's transactions announce on `channel` as they commit (the
/// "Notifications" migration's triggers) and tells this instance's `FeedChanges`.
enum PostgresChangeListener {
    static let channel = "feed_api_events"

    /// `n:RECIPIENT` or `p:AUTHOR:ITEM`; anything else is passed over.
    static func change(from payload: String) -> FeedChange? {
        let parts = payload.split(separator: ":")
        switch (parts.first, parts.count) {
        case ("n", 2):
            return Int64(parts[1]).map { .notificationsChanged(recipientID: $0) }
        case ("p", 3):
            guard let author = Int64(parts[1]), let item = UUID(uuidString: String(parts[2])) else { return nil }
            return .posted(authorID: author, itemID: item)
        default:
            return nil
        }
    }

    /// What a post's transaction sends (PostgreSQL delivers it once it commits).
    static func postedPayload(authorID: Int64, itemID: UUID) -> String {
        "p:\(authorID):\(itemID.uuidString)"
    }

    /// Listens on one of `client`'s connections until cancelled, listening again after a lost
    /// connection (waiting `retryDelay` between attempts). Streams open meanwhile miss what
    /// happened; each catches up at its next change or when its reader reconnects.
    static func listen(through client: PostgresClient, telling changes: FeedChanges, retryDelay: Duration = .seconds(1), logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        changes.startedHearing()
                        for try await notification in notifications {
                            if let change = change(from: notification.payload) { changes.publish(change) }
                        }
                    }
                }
            } catch is CancellationError {
                break
            } catch {
                if !Task.isCancelled {
                    logger.warning("Lost the database's event notifications; listening again", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            changes.stoppedHearing()
            try? await Task.sleep(for: retryDelay)
        }
    }
}
