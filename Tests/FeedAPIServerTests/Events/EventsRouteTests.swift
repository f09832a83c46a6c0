import Foundation
import Hummingbird
import HummingbirdTesting
import RawHTTPClient
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

/// The event streams, read as a browser's `EventSource` reads them: over a live connection,
/// event by event.
@Suite("Event streams: the API")
struct EventsRouteTests {
    private static let password = "correct horse battery"
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func aStream_tellsItsReaderOfNotificationsAndOfPostsByThoseTheyFollow_asTheyHappen() async throws {
        let (app, database, posted, people) = try await makeSUT()
        try await app.test(.live) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            _ = try await database.social.follow(people["bob"]!, by: people["alice"]!, at: now)
            let stream = try await openStream(port: try #require(client.port), token: alice)
            let opening = await stream.received { $0.contains("event: notification") }
            #expect(opening.contains("200 OK") && opening.lowercased().contains("content-type: text/event-stream"))
            #expect(opening.contains("retry: 3000"))
            #expect(try events(in: opening).first?.data["unread_count"] as? Int == 0)

            _ = try await database.social.setLike(true, itemID: posted, by: people["bob"]!, at: now, limit: ActionLimit())
            let liked = try await nextEvent(after: 1, on: stream)
            #expect(liked.name == "notification")
            #expect(liked.data["unread_count"] as? Int == 1)
            let items = try #require(liked.data["items"] as? [[String: Any]])
            #expect(items.count == 1 && items.first?["type"] as? String == "like")

            var post = makeItem(2)
            post.authorUsername = "bob"
            _ = try await database.feed.publish(post)
            let timeline = try await nextEvent(after: 2, on: stream)
            #expect(timeline.name == "timeline" && timeline.data["image_id"] as? String == post.id.uuidString)

            var stranger = makeItem(3)
            stranger.authorUsername = "carol"
            _ = try await database.feed.publish(stranger)
            _ = try await database.social.setLike(false, itemID: posted, by: people["bob"]!, at: now, limit: ActionLimit())
            let unliked = try await nextEvent(after: 3, on: stream)
            #expect(unliked.name == "notification", "a post by someone not followed is not told")
            #expect(unliked.data["unread_count"] as? Int == 0 && (unliked.data["items"] as? [Any])?.isEmpty == true)
            await stream.close()
        }
    }

    @Test func aReaderThatReconnects_withTheLastEventID_isToldWhatItMissed() async throws {
        let (app, database, posted, people) = try await makeSUT()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let alice = try await client.token(of: "alice", password: Self.password)
            _ = try await database.social.follow(people["bob"]!, by: people["alice"]!, at: now)
            let first = try await openStream(port: port, token: alice)
            let lastID = try #require(try events(in: await first.received { $0.contains("event: notification") }).last?.id)
            await first.close()

            _ = try await database.social.setLike(true, itemID: posted, by: people["bob"]!, at: now, limit: ActionLimit())
            var missed = makeItem(2)
            missed.authorUsername = "bob"
            _ = try await database.feed.publish(missed)

            let again = try await openStream(port: port, token: alice, lastEventID: lastID)
            let caughtUp = try events(in: await again.received { $0.contains("event: timeline") })
            #expect(caughtUp.first?.name == "notification")
            #expect((caughtUp.first?.data["items"] as? [[String: Any]])?.first?["type"] as? String == "like")
            #expect(caughtUp.last?.name == "timeline" && caughtUp.last?.data["image_id"] as? String == missed.id.uuidString)
            await again.close()
        }
    }

    @Test func streamsAreBoundedPerPerson_sendHeartbeats_endWithTheirLifetime_andFreeTheirPlace() async throws {
        var options = APIRouteOptions(hasher: PasswordHasher(cost: 4))
        options.eventStreams = EventStreamLimits(perAccount: 2, total: 100, lifetime: .seconds(3_600), heartbeat: .milliseconds(20))
        let (app, _, _, _) = try await makeSUT(options: options)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let alice = try await client.token(of: "alice", password: Self.password)
            let streams = [try await openStream(port: port, token: alice), try await openStream(port: port, token: alice)]
            for stream in streams {
                #expect(await stream.received { $0.contains(": heartbeat") }.contains(": heartbeat"))
            }
            let refused = try await client.send(.get, "events", token: alice)
            #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] != nil)
            #expect(try jsonObject(refused.body)["type"] as? String == "/essential-feed/problems/too-many-event-streams")
            #expect(try await client.send(.get, "events", token: nil).status == .unauthorized)

            await streams[0].close()
            // The server finds the reader gone at its next heartbeat.
            var reopened: RawConnection?
            for _ in 0..<500 where reopened == nil {
                let attempt = try await openStream(port: port, token: alice)
                if await attempt.received(until: { $0.contains("\r\n\r\n") }).contains("200 OK") { reopened = attempt } else { await attempt.close() }
            }
            #expect(reopened != nil, "a vanished reader's place is free again")
            await reopened?.close()
            await streams[1].close()
        }
    }

    @Test func aStreamEnds_whenItsLifetimeIsOver() async throws {
        var options = APIRouteOptions(hasher: PasswordHasher(cost: 4))
        options.eventStreams = EventStreamLimits(perAccount: 2, total: 100, lifetime: .milliseconds(50), heartbeat: .seconds(60))
        let (app, _, _, _) = try await makeSUT(options: options)
        try await app.test(.live) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let stream = try await openStream(port: try #require(client.port), token: alice)
            #expect(await stream.received { $0.hasSuffix("0\r\n\r\n") }.hasSuffix("0\r\n\r\n"), "the chunked body ends")
            await stream.close()
        }
    }

    @Test func aStream_endsOnceItsTokenIsRevoked_beforeItTellsAnythingMore() async throws {
        var options = APIRouteOptions(hasher: PasswordHasher(cost: 4))
        options.eventStreams = EventStreamLimits(perAccount: 2, total: 100, lifetime: .seconds(3_600), heartbeat: .milliseconds(20))
        let (app, database, posted, people) = try await makeSUT(options: options)
        try await app.test(.live) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let stream = try await openStream(port: try #require(client.port), token: alice)
            _ = await stream.received { $0.contains(": heartbeat") }

            try await database.accounts.deleteToken(hash: SessionIssuer.hash(of: alice))
            let ended = await stream.received { $0.hasSuffix("0\r\n\r\n") }
            #expect(ended.hasSuffix("0\r\n\r\n"), "the stream ended")
            _ = try await database.social.setLike(true, itemID: posted, by: people["bob"]!, at: now, limit: ActionLimit())
            #expect(!(await stream.text).contains("\"type\":\"like\""), "nothing told after the log-out")
            await stream.close()
        }
    }

    @Test func aCursor_readsBackWhatItWrote_andRefusesAnythingElse() {
        let item = UUID()
        #expect(EventCursor(text: EventCursor(notificationID: 42, itemID: item).text) == EventCursor(notificationID: 42, itemID: item))
        #expect(EventCursor(text: "7.-") == EventCursor(notificationID: 7, itemID: nil))
        for text in ["", "7", "-1.-", "7.x", "a.-", String(repeating: "9", count: 80) + ".-"] {
            #expect(EventCursor(text: text) == nil, "\(text)")
        }
    }

    // MARK: - Helpers

    private struct Event {
        let name: String
        let id: String
        let data: [String: Any]
    }

    private func openStream(port: Int, token: String, lastEventID: String? = nil) async throws -> RawConnection {
        let connection = try await RawConnection.open(port: port)
        let resume = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
        try await connection.send(
            "GET /essential-feed/v1/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\nAuthorization: Bearer \(token)\r\n\(resume)\r\n")
        return connection
    }

    /// The events of what arrived, read from the chunked body's lines.
    private func events(in text: String) throws -> [Event] {
        var events: [Event] = []
        var name = ""
        var id = ""
        // "\r\n" is one Character: lines are cut on scalars.
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map({ String(String.UnicodeScalarView($0.filter { $0 != "\r" })) }) {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("data: ") {
                events.append(Event(name: name, id: id, data: try jsonObject(ByteBuffer(string: String(line.dropFirst(6))))))
            }
        }
        return events
    }

    private func nextEvent(after count: Int, on stream: RawConnection) async throws -> Event {
        let text = await stream.received { text in text.components(separatedBy: "\ndata: ").count > count + 1 }
        return try #require(try events(in: text).dropFirst(count).first)
    }

    private func makeSUT(options: APIRouteOptions = APIRouteOptions(hasher: PasswordHasher(cost: 4))) async throws -> (
        some ApplicationProtocol, APIDatabase, UUID, [String: Int64]
    ) {
        let database = try await makeDatabase()
        let passwordHash = try await options.hasher.hash(Self.password)
        var people: [String: Int64] = [:]
        for name in ["alice", "bob", "carol"] {
            people[name] = try await database.accounts.createAccount(
                username: try #require(Username(name)), name: name.capitalized, passwordHash: passwordHash, createdAt: now
            ).id
        }
        var item = makeItem(1)
        item.authorUsername = "alice"
        try await database.feed.append([item])
        let router = try buildRouter(
            repository: database.feed, accounts: database.accounts, social: database.social, changes: database.changes, publicURL: testPublicURL,
            options: options)
        return (Application(router: router), database, item.id, people)
    }
}
