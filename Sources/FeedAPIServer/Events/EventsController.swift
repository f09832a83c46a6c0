import FeedAPIStorage
import Foundation
import HTTPServerHardening
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore
import ServiceLifecycle

/// `GET /v1/events` (a token): Server-Sent Events for the token's person, each named by its
/// `event:` field — `notification` (`{unread_count, items}`: the count, and the notifications
/// new since the last event) and `timeline` (`{image_id}`: a post by someone they follow, or
/// by themselves). Comment lines keep a quiet stream open. Each event's `id` lets a reader
/// that reconnects with `Last-Event-ID` catch up on what it missed (the newest 20 of each).
struct EventsController<Context: AuthRequestContext<APISession>>: Sendable {
    let social: any SocialGraph
    let hub: EventStreamHub
    let urls: PublicURLs
    let logger: Logger
    /// Whether the request's token still stands (not revoked, not expired): asked at every
    /// heartbeat and before every event, so a log-out ends the stream before it tells more.
    var isStillAuthorized: @Sendable (Request) async -> Bool = { _ in true }

    /// What a reconnecting reader is told at most of each kind.
    static var catchUpLimit: Int { 20 }
    /// How long a reader waits before reconnecting, in milliseconds.
    static var reconnectDelay: Int { 3_000 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.get("events", use: events)
    }

    @Sendable func events(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let resumed = request.headers[.lastEventID].flatMap(EventCursor.init(text:))
        let subscription: EventStreamHub.Subscription
        do {
            subscription = try hub.open(for: account.id)
        } catch {
            throw ProblemDetails.tooManyEventStreams(retryAfter: error.retryAfterSeconds, limits: hub.limits)
        }
        // Read once the stream listens: nothing that happens from here on is missed.
        let opening: OpeningEvents
        do {
            opening = try await openingEvents(of: account.id, resuming: resumed)
        } catch {
            subscription.end()
            throw error
        }
        let isStillAuthorized = isStillAuthorized
        let stream = EventStream(
            accountID: account.id, cursor: opening.cursor, social: social, urls: urls, logger: logger,
            isStillAuthorized: { await isStillAuthorized(request) })
        // A reader that hangs up frees its place at once, not at the next heartbeat.
        let connection = ClientConnection.current
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .init("X-Accel-Buffering")!: "no"],
            body: ResponseBody { writer in
                let gone = connection?.onClientGone { subscription.end() }
                defer { gone.map { connection?.removeHandler($0) } }
                try await withGracefulShutdownHandler {
                    try await stream.run(opening: opening.buffer, signals: subscription.signals, to: &writer)
                } onGracefulShutdown: {
                    subscription.end()
                }
                try await writer.finish(nil)
            })
    }

    private struct OpeningEvents {
        let buffer: ByteBuffer
        let cursor: EventCursor
    }

    /// The reconnection delay and the unread count; for a reader that reconnects, what it
    /// missed, the oldest first.
    private func openingEvents(of accountID: Int64, resuming resumed: EventCursor?) async throws -> OpeningEvents {
        let page = try await social.notifications(of: accountID, after: nil, limit: Self.catchUpLimit)
        let timeline = try await social.timeline(of: accountID, after: nil, limit: resumed == nil ? 1 : Self.catchUpLimit)
        var cursor = EventCursor(notificationID: page.items.first?.id ?? 0, itemID: timeline.first?.id)
        var buffer = ByteBuffer(string: "retry: \(Self.reconnectDelay)\n\n")
        let missed = resumed.map { resumed in page.items.filter { $0.id > resumed.notificationID } } ?? []
        EventStream.writeNotificationEvent(unreadCount: page.unreadCount, items: missed, cursor: cursor, urls: urls, to: &buffer)
        if let resumed, let lastItem = resumed.itemID {
            let newer = timeline.prefix { $0.id != lastItem }
            var told = EventCursor(notificationID: cursor.notificationID, itemID: lastItem)
            for item in newer.reversed() {
                told.itemID = item.id
                EventStream.writeTimelineEvent(itemID: item.id, cursor: told, to: &buffer)
            }
            cursor = told
        }
        return OpeningEvents(buffer: buffer, cursor: cursor)
    }
}

/// Where a reader is: the newest notification and the newest post it was told of. Sent as
/// each event's id, `NOTIFICATION.ITEM` (`-` for no item).
struct EventCursor: Equatable, Sendable {
    var notificationID: Int64
    var itemID: UUID?

    init(notificationID: Int64, itemID: UUID?) {
        self.notificationID = notificationID
        self.itemID = itemID
    }

    init?(text: String) {
        guard text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let notificationID = Int64(parts[0]), notificationID >= 0 else { return nil }
        self.notificationID = notificationID
        if parts[1] == "-" {
            itemID = nil
        } else {
            guard let itemID = UUID(uuidString: String(parts[1])) else { return nil }
            self.itemID = itemID
        }
    }

    var text: String { "\(notificationID).\(itemID?.uuidString ?? "-")" }
}

/// One reader's stream, from its opening events until its signals end or a write fails.
private struct EventStream: Sendable {
    let accountID: Int64
    let cursor: EventCursor
    let social: any SocialGraph
    let urls: PublicURLs
    let logger: Logger
    let isStillAuthorized: @Sendable () async -> Bool

    func run(opening: ByteBuffer, signals: AsyncStream<EventSignal>, to writer: inout any ResponseBodyWriter) async throws {
        var cursor = cursor
        try await writer.write(opening)
        for await signal in signals {
            guard await isStillAuthorized() else { return }
            var buffer = ByteBuffer()
            switch signal {
            case .heartbeat:
                buffer.writeString(": heartbeat\n\n")
            case let .posted(itemID):
                cursor.itemID = itemID
                Self.writeTimelineEvent(itemID: itemID, cursor: cursor, to: &buffer)
            case .notifications:
                let page: NotificationPage
                do {
                    page = try await social.notifications(of: accountID, after: nil, limit: EventsController<FeedAPIContext>.catchUpLimit)
                } catch {
                    // The reader reconnects and catches up once the database answers again.
                    logger.warning("An event stream ended: its notifications could not be read", metadata: ["error": "\(String(reflecting: error))"])
                    return
                }
                let new = page.items.filter { $0.id > cursor.notificationID }
                cursor.notificationID = max(cursor.notificationID, page.items.first?.id ?? 0)
                Self.writeNotificationEvent(unreadCount: page.unreadCount, items: new, cursor: cursor, urls: urls, to: &buffer)
            }
            try await writer.write(buffer)
        }
    }

    static func writeNotificationEvent(unreadCount: Int, items: [StoredNotification], cursor: EventCursor, urls: PublicURLs, to buffer: inout ByteBuffer) {
        var json = JSONWriter(capacity: 64 + items.count * 320)
        json.object { object in
            object.field("unread_count", unreadCount)
            object.field("items", array: items) { writer, notification in
                writer.object { NotificationFields.write(notification, urls: urls, to: &$0) }
            }
        }
        write(event: "notification", cursor: cursor, data: json.buffer, to: &buffer)
    }

    static func writeTimelineEvent(itemID: UUID, cursor: EventCursor, to buffer: inout ByteBuffer) {
        var json = JSONWriter(capacity: 64)
        json.object { $0.field("image_id", itemID.uuidString) }
        write(event: "timeline", cursor: cursor, data: json.buffer, to: &buffer)
    }

    /// JSON has no line breaks of its own (the writer escapes them), so one `data:` line holds it.
    private static func write(event: String, cursor: EventCursor, data: ByteBuffer, to buffer: inout ByteBuffer) {
        buffer.writeString("event: \(event)\nid: \(cursor.text)\ndata: ")
        buffer.writeImmutableBuffer(data)
        buffer.writeString("\n\n")
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
}

extension ProblemDetails {
    static func tooManyEventStreams(retryAfter seconds: Int, limits: EventStreamLimits) -> ProblemDetails {
        ProblemDetails(
            type: "/essential-feed/problems/too-many-event-streams", title: "Too many event streams", status: .tooManyRequests,
            detail: "At most \(limits.perAccount) event streams per person are open at once (and a bound for the server); close one or try again later.",
            headers: [.retryAfter: String(seconds)])
    }
}
