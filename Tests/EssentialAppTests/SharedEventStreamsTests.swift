import EssentialFeedInfrastructure
import Foundation
import Logging
import NIOCore
import Synchronization
import Testing

@testable import EssentialApp

@Suite struct SharedEventStreamsTests {
    private static let opening = "retry: 3000\n\n"
    private static let notification = "event: notification\nid: 4.-\ndata: {\"unread_count\":2,\"items\":[]}\n\n"

    @Test func tabsOfOneSession_shareOneStreamToTheAPI_andAreEachToldWhatComes() async throws {
        let (sut, api) = makeSUT()
        let first = try await joined(sut.join(token: "T", lastEventID: nil))
        let second = try await joined(sut.join(token: "T", lastEventID: nil))
        let otherSession = try await joined(sut.join(token: "U", lastEventID: nil))

        try api.send("event: timeline\nid: 4.A\ndata: {}\n\n", on: 0)
        #expect(api.openedCount == 2)
        #expect(try await next(first) == "event: timeline\nid: 4.A\ndata: {}\n\n")
        #expect(try await next(second) == "event: timeline\nid: 4.A\ndata: {}\n\n")
        try api.send(": heartbeat\n\n", on: 1)
        #expect(try await next(otherSession) == ": heartbeat\n\n")
        #expect(api.headers(of: 0)["Authorization"] == "Bearer T")
        #expect(api.headers(of: 1)["Authorization"] == "Bearer U")
    }

    @Test func aTabThatJoinsLater_isToldTheDelayAndTheLatestCount_beforeWhatComes() async throws {
        let (sut, api) = makeSUT()
        let first = try await joined(sut.join(token: "T", lastEventID: nil))
        try api.send(Self.opening + Self.notification, on: 0)
        #expect(try await next(first) == Self.opening)
        #expect(try await next(first) == Self.notification)

        let later = try await joined(sut.join(token: "T", lastEventID: nil))
        try api.send(": heartbeat\n\n", on: 0)

        #expect(try await next(later) == Self.opening)
        #expect(try await next(later) == Self.notification)
        #expect(try await next(later) == ": heartbeat\n\n")
        #expect(api.openedCount == 1)
    }

    @Test func aTabThatSlept_isToldWhatCameAfterTheLastEventItSaw() async throws {
        let (sut, api) = makeSUT()
        let awake = try await joined(sut.join(token: "T", lastEventID: nil))
        try api.send(Self.opening + "event: timeline\nid: 4.A\ndata: {}\n\nevent: timeline\nid: 4.B\ndata: {}\n\n", on: 0)
        for _ in 0..<3 { _ = try await next(awake) }

        let woken = try await joined(sut.join(token: "T", lastEventID: "4.A"))

        #expect(try await next(woken) == Self.opening)
        #expect(try await next(woken) == "event: timeline\nid: 4.B\ndata: {}\n\n")
        #expect(api.openedCount == 1)
    }

    @Test func aTabWhosePlaceIsNotKept_needsAStreamOfItsOwn() async throws {
        let (sut, api) = makeSUT()
        _ = try await joined(sut.join(token: "T", lastEventID: nil))
        try api.send("event: timeline\nid: 4.A\ndata: {}\n\n", on: 0)

        let joining = await sut.join(token: "T", lastEventID: "1.-")

        guard case .needsOwnStream = joining else {
            Issue.record("expected a stream of its own, got \(joining)")
            return
        }
        #expect(api.openedCount == 1)
    }

    @Test func theFirstTabBackAfterAnEnd_opensFromItsPlace_andTheOthersAtThatPlaceShareIt() async throws {
        let (sut, api) = makeSUT()
        let first = try await joined(sut.join(token: "T", lastEventID: "4.A"))
        try api.send(Self.opening + "event: timeline\nid: 4.B\ndata: {}\n\n", on: 0)
        _ = try await next(first)
        _ = try await next(first)

        let second = try await joined(sut.join(token: "T", lastEventID: "4.A"))

        #expect(api.headers(of: 0)["Last-Event-ID"] == "4.A")
        #expect(try await next(second) == Self.opening)
        #expect(try await next(second) == "event: timeline\nid: 4.B\ndata: {}\n\n")
        #expect(api.openedCount == 1)
    }

    @Test func whenTheAPIEndsItsStream_everyTabEnds_andTheNextTabOpensAnother() async throws {
        let (sut, api) = makeSUT()
        let first = try await joined(sut.join(token: "T", lastEventID: nil))
        let second = try await joined(sut.join(token: "T", lastEventID: nil))

        api.end(0)

        #expect(try await next(first) == nil)
        #expect(try await next(second) == nil)
        #expect(sut.upstreamCount == 0)
        _ = try await joined(sut.join(token: "T", lastEventID: nil))
        #expect(api.openedCount == 2)
    }

    @Test func theStreamToTheAPI_endsWhenItsLastTabLeaves() async throws {
        let (sut, api) = makeSUT()
        let first = try await joined(sut.join(token: "T", lastEventID: nil))
        let second = try await joined(sut.join(token: "T", lastEventID: nil))

        first.leave()
        #expect(sut.upstreamCount == 1)
        #expect(try await next(first) == nil)
        second.leave()

        #expect(sut.upstreamCount == 0)
        await api.waitUntilCancelled(0)
    }

    @Test func aSessionThatEnds_endsItsTabsAndItsStreamToTheAPI_atOnce() async throws {
        let (sut, api) = makeSUT()
        let first = try await joined(sut.join(token: "T", lastEventID: nil))
        let second = try await joined(sut.join(token: "T", lastEventID: nil))
        let otherSession = try await joined(sut.join(token: "U", lastEventID: nil))

        sut.endStreams(token: "T")

        #expect(try await next(first) == nil)
        #expect(try await next(second) == nil)
        await api.waitUntilCancelled(0)
        #expect(sut.upstreamCount == 1)
        try api.send(": heartbeat\n\n", on: 1)
        #expect(try await next(otherSession) == ": heartbeat\n\n", "another session's stream goes on")
    }

    @Test func aStreamTheAPIRefuses_isSaidSo_andKeepsNothing() async throws {
        let (sut, api) = makeSUT()
        api.status = 401

        let joining = await sut.join(token: "T", lastEventID: nil)

        guard case let .refused(status) = joining else {
            Issue.record("expected a refusal, got \(joining)")
            return
        }
        #expect(status == 401)
        #expect(sut.upstreamCount == 0)
    }

    @Test func aTabThatReadsTooSlowly_isEnded_andTheOthersGoOn() async throws {
        let (sut, api) = makeSUT()
        let slow = try await joined(sut.join(token: "T", lastEventID: nil))
        let reading = try await joined(sut.join(token: "T", lastEventID: nil))
        var told = 0
        for number in 0...SharedEventStreams.bufferedPerTab {
            try api.send(": \(number)\n\n", on: 0)
            if try await next(reading) != nil { told += 1 }
        }

        var waiting = 0
        for await _ in slow.events { waiting += 1 }

        #expect(waiting == SharedEventStreams.bufferedPerTab)
        #expect(told == SharedEventStreams.bufferedPerTab + 1)
    }

    @Test func aBlockCutAcrossChunks_isToldWhole() async throws {
        let (sut, api) = makeSUT()
        let tab = try await joined(sut.join(token: "T", lastEventID: nil))

        try api.send("event: timeline\nid: 4.", on: 0)
        try api.send("A\ndata: {}\n", on: 0)
        try api.send("\n: heart", on: 0)
        try api.send("beat\n\n", on: 0)

        #expect(try await next(tab) == "event: timeline\nid: 4.A\ndata: {}\n\n")
        #expect(try await next(tab) == ": heartbeat\n\n")
    }

    @Test func aBlockLongerThanAnyEvent_endsTheStream() async throws {
        let (sut, api) = makeSUT()
        let tab = try await joined(sut.join(token: "T", lastEventID: nil))

        try api.send("data: " + String(repeating: "x", count: EventStreamBlocks.maximumBlockSize), on: 0)

        #expect(try await next(tab) == nil)
        #expect(sut.upstreamCount == 0)
    }

    // MARK: - Helpers

    private func makeSUT() -> (SharedEventStreams, ControlledEventStreams) {
        let api = ControlledEventStreams()
        let sut = SharedEventStreams(
            opening: api, url: URL(string: "http://api.example.com/v1/events")!, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        return (sut, api)
    }

    /// A tab read by one test at a time.
    private final class Tab {
        let subscription: SharedEventStreams.Subscription
        var iterator: AsyncStream<ByteBuffer>.Iterator

        init(_ subscription: SharedEventStreams.Subscription) {
            self.subscription = subscription
            iterator = subscription.events.makeAsyncIterator()
        }

        var events: AsyncStream<ByteBuffer> { subscription.events }
        func leave() { subscription.leave() }
    }

    private func joined(_ joining: SharedEventStreams.Joining, sourceLocation: SourceLocation = #_sourceLocation) throws -> Tab {
        guard case let .joined(subscription) = joining else {
            Issue.record("expected to join, got \(joining)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return Tab(subscription)
    }

    /// The tab's next block, nil once it ended.
    private func next(_ tab: Tab, isolation: isolated (any Actor)? = #isolation) async throws -> String? {
        await tab.iterator.next(isolation: isolation).map { String(buffer: $0) }
    }
}

/// The API's event streams as the test writes them.
final class ControlledEventStreams: EventStreamOpening, Sendable {
    private struct Opened {
        let headers: [String: String]
        let continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation
        var isCancelled = false
    }

    private let opened = Mutex<[Opened]>([])
    private let answerStatus = Mutex(200)
    private let cancellations = AsyncStream.makeStream(of: Int.self)
    private let openings = AsyncStream.makeStream(of: Int.self)

    var status: Int {
        get { answerStatus.withLock { $0 } }
        set { answerStatus.withLock { $0 = newValue } }
    }

    var openedCount: Int { opened.withLock { $0.count } }

    func headers(of index: Int) -> [String: String] {
        opened.withLock { $0[index].headers }
    }

    func send(_ text: String, on index: Int) throws {
        let continuation = opened.withLock { $0[index].continuation }
        guard case .enqueued = continuation.yield(ByteBuffer(string: text)) else { throw CancellationError() }
    }

    func end(_ index: Int) {
        opened.withLock { $0[index].continuation }.finish()
    }

    func waitUntilOpened(_ count: Int) async {
        if openedCount >= count { return }
        for await opened in openings.stream where opened + 1 >= count { return }
    }

    func waitUntilCancelled(_ index: Int) async {
        if opened.withLock({ $0[index].isCancelled }) { return }
        for await cancelled in cancellations.stream where cancelled == index { return }
    }

    func openEventStream(url: URL, headers: [String: String]) async throws -> OpenedEventStream {
        let (body, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        let index = opened.withLock { opened in
            opened.append(Opened(headers: headers, continuation: continuation))
            return opened.count - 1
        }
        continuation.onTermination = { [self] termination in
            guard case .cancelled = termination else { return }
            opened.withLock { $0[index].isCancelled = true }
            cancellations.continuation.yield(index)
        }
        openings.continuation.yield(index)
        return OpenedEventStream(status: status, body: body)
    }
}
