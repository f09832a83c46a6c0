import EssentialApp
import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import NIOCore
import Synchronization
import Testing

@Suite struct LikesAndNotificationsAcceptanceTests {
    private static let reader = InProcessFeedAPI.otherUsername
    private static let author = InProcessFeedAPI.username
    private static let sameOrigin: HTTPFields = [.origin: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]

    @Test func aHeart_withoutScripts_likesAndGoesBack_andTheFeedCountsIt() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let photo = UUIDText.string(from: api.imageID)
            let feed = String(buffer: try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: cookie]).body)
            #expect(feed.contains(#"<form class="like-form" method="post" action="/images/\#(photo)/like""#))
            #expect(feed.contains(#"data-state="unknown""#), "the Everyone feed is everyone's: the reader's own like is not known there")

            var headers = Self.sameOrigin
            headers[.cookie] = cookie
            headers[.referer] = "http://localhost/following"
            let liked = try await client.post("/images/\(photo)/like", form: [:], headers: headers)
            #expect(liked.status == .seeOther)
            #expect(liked.headers[.location] == "/following")

            let after = String(buffer: try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: cookie]).body)
            #expect(after.contains(#"<a class="like-count" href="/images/\#(photo)/likes">1 like</a>"#))
            let likers = String(buffer: try await client.execute(uri: "/images/\(photo)/likes", method: .get, headers: [.cookie: cookie]).body)
            #expect(likers.contains("@\(Self.reader)"))
            let gone = try await client.execute(uri: "/images/\(photo)/likes?after=nobody_here", method: .get, headers: [.cookie: cookie])
            #expect(gone.status == .seeOther && gone.headers[.location] == "/images/\(photo)/likes", "a list after someone not in it starts again")
        }
    }

    @Test func aHeart_fromTheScript_answersTheNewHeart_andIsRefusedWithoutTheBrowsersWord() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let photo = UUIDText.string(from: api.imageID)
            var headers = Self.sameOrigin
            headers[.cookie] = cookie

            let liked = String(buffer: try await client.post("/fragments/images/\(photo)/like", form: [:], headers: headers).body)
            #expect(liked.contains(#"aria-pressed="true""#) && liked.contains(">1 like</a>"))
            #expect(liked.contains(#"action="/images/\#(photo)/unlike""#))
            let unliked = String(buffer: try await client.post("/fragments/images/\(photo)/unlike", form: [:], headers: headers).body)
            #expect(unliked.contains(#"aria-pressed="false""#) && unliked.contains(">0 likes</a>"))
            let overASquare = String(buffer: try await client.post("/fragments/images/\(photo)/like?layout=cell", form: [:], headers: headers).body)
            #expect(overASquare.contains(#"class="like-form cell-like""#), "a profile grid's heart comes back as a grid's heart")
            #expect(overASquare.contains(#"data-fragment-action="/fragments/images/\#(photo)/unlike?layout=cell""#))

            let unknown = try await client.post("/fragments/images/\(UUIDText.string(from: UUID()))/like", form: [:], headers: headers)
            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body).contains("This is no longer available: it may have been removed."), "a photo deleted meanwhile")

            let refused = try await client.post("/fragments/images/\(photo)/like", form: [:], headers: [.cookie: cookie])
            #expect(refused.status == .forbidden, "no Origin nor Sec-Fetch-Site: not known to come from the app's pages")
            let crossSite = try await client.post(
                "/images/\(photo)/like", form: [:], headers: [.cookie: cookie, HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)

            api.mode = .offline
            let offline = try await client.post("/fragments/images/\(photo)/like", form: [:], headers: headers)
            #expect(offline.status == .serviceUnavailable)
            #expect(String(buffer: offline.body).contains("Liking needs a connection."))
        }
    }

    @Test func theNotificationsScreen_groupsThem_andOpeningItMarksThemRead() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let readerCookie = try await client.logIn(as: Self.reader)
            var headers = Self.sameOrigin
            headers[.cookie] = readerCookie
            _ = try await client.post("/fragments/images/\(UUIDText.string(from: api.imageID))/like", form: [:], headers: headers)
            let photo = UUIDText.string(from: api.imageID)
            let comments = String(buffer: try await client.execute(uri: "/images/\(photo)/comments", method: .get, headers: [.cookie: readerCookie]).body)
            _ = try await client.post("/images/\(photo)/comments", form: ["csrf_token": try formToken(in: comments), "message": "Lovely"], cookie: readerCookie)

            let authorCookie = try await client.logIn(as: Self.author)
            let fromElsewhere = try await client.execute(
                uri: "/notifications", method: .get, headers: [.cookie: authorCookie, HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(String(buffer: fromElsewhere.body).contains("unread"), "another site's link shows them")
            let first = String(buffer: try await client.execute(uri: "/notifications", method: .get, headers: [.cookie: authorCookie]).body)
            #expect(first.contains(#"<li class="notification notification-like unread">"#))
            #expect(first.contains("liked your photo."))
            #expect(first.contains(#"href="/images/\#(UUIDText.string(from: api.imageID))""#))
            #expect(first.contains(#"<a class="notification-link" href="/images/\#(photo)/comments">"#), "a comment opens where it is read")
            #expect(first.contains(#"aria-current="page""#), "the bell is the current section")

            let again = String(buffer: try await client.execute(uri: "/notifications", method: .get, headers: [.cookie: authorCookie]).body)
            #expect(again.contains(#"<li class="notification notification-like">"#), "read once shown")
            let empty = String(buffer: try await client.execute(uri: "/notifications", method: .get, headers: [.cookie: readerCookie]).body)
            #expect(empty.contains("Nothing yet."))
        }
    }

    @Test func events_carryTheAPIsStream_withTheReadersTokenAndLastEventID() async throws {
        let streams = EventStreamsStub(chunks: ["retry: 3000\n\n", "event: notification\nid: 4.-\ndata: {\"unread_count\":2,\"items\":[]}\n\n"])
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        let app = await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), eventStreams: streams, currentDate: { fixedNow })
        try await app.test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let response = try await client.execute(
                uri: "/events", method: .get, headers: [.cookie: cookie, HTTPField.Name("Last-Event-ID")!: "3.-"])

            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            #expect(String(buffer: response.body) == streams.chunks.joined())
            let asked = try #require(streams.asked.withLock { $0.first })
            #expect(asked.url.absoluteString == "http://api.example.com/essential-feed/v1/events")
            #expect(asked.headers["Last-Event-ID"] == "3.-")
            #expect(asked.headers["Authorization"]?.hasPrefix("Bearer ") == true)

            streams.status = 401
            #expect(try await client.execute(uri: "/events", method: .get, headers: [.cookie: cookie]).status == .noContent)
            #expect(try await client.execute(uri: "/events", method: .get).status != .ok, "no session, no stream")
        }
    }

    @Test(.timeLimit(.minutes(1))) func loggingOut_endsTheSessionsLiveStream_atOnce() async throws {
        let streams = ControlledEventStreams()
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        let app = await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), eventStreams: streams, currentDate: { fixedNow })
        try await app.test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let relaying = Task { try await client.execute(uri: "/events", method: .get, headers: [.cookie: cookie]) }
            await streams.waitUntilOpened(1)
            try streams.send(": heartbeat\n\n", on: 0)

            let token = try await client.csrfToken(onScreen: "/", cookie: cookie)
            _ = try await client.post("/logout", form: ["csrf_token": token], cookie: cookie)

            await streams.waitUntilCancelled(0)
            let relayed = try await relaying.value
            #expect(relayed.status == .ok)
            #expect(String(buffer: relayed.body) == ": heartbeat\n\n", "ended at the log-out, not at the API's next check")
        }
    }

    private func makeApp(api: InProcessFeedAPI) async -> some ApplicationProtocol {
        await AppServer.buildApplication(.init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}

/// The API's event stream as a fixed list of chunks, remembering what it was asked.
private final class EventStreamsStub: EventStreamOpening, @unchecked Sendable {
    let chunks: [String]
    let asked = Mutex<[(url: URL, headers: [String: String])]>([])
    private let answerStatus = Mutex(200)

    var status: Int {
        get { answerStatus.withLock { $0 } }
        set { answerStatus.withLock { $0 = newValue } }
    }

    init(chunks: [String]) {
        self.chunks = chunks
    }

    func openEventStream(url: URL, headers: [String: String]) async throws -> OpenedEventStream {
        asked.withLock { $0.append((url, headers)) }
        let (body, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        for chunk in chunks { continuation.yield(ByteBuffer(string: chunk)) }
        continuation.finish()
        return OpenedEventStream(status: status, body: body)
    }
}
