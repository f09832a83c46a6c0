import EssentialFeedInfrastructure
import Foundation
import Logging
import NIOCore
import Synchronization

/// The API's event stream of one session, read once and told to every tab of that session:
/// eight open tabs cost one connection to the API, not eight.
///
/// A tab joins with what it last saw (`Last-Event-ID`) and is told, before what comes next:
/// - nothing seen (a page just loaded): the reconnection delay and the latest unread count;
/// - an event the shared stream still keeps (the last `keptEvents`), or the place the shared
///   stream was opened from: the events after it, so a tab that slept catches up;
/// - anything older: `needsOwnStream` — the API alone can say what that tab missed.
///
/// The stream to the API ends when its last tab leaves, and every tab ends with it when the
/// API ends it (its token was revoked, its hour is up): the tabs reconnect and catch up.
/// A tab that reads more slowly than events come is ended rather than told less.
final class SharedEventStreams: Sendable {
    struct Subscription: Sendable {
        let events: AsyncStream<ByteBuffer>
        let leave: @Sendable () -> Void
    }

    enum Joining: Sendable {
        case joined(Subscription)
        /// The API did not open the stream: it answered `status` (0: it could not be reached).
        case refused(status: Int)
        /// The tab's place is older than the shared stream remembers.
        case needsOwnStream
    }

    /// The events each stream keeps for tabs that reconnect.
    static var keptEvents: Int { 64 }
    /// The blocks a tab may have waiting before it is ended.
    static var bufferedPerTab: Int { 256 }

    private let opener: any EventStreamOpening
    private let url: URL
    private let logger: Logger
    private let state = Mutex(State())

    init(opening opener: any EventStreamOpening, url: URL, logger: Logger) {
        self.opener = opener
        self.url = url
        self.logger = logger
    }

    /// How many streams to the API are open or opening.
    var upstreamCount: Int { state.withLock { $0.upstreams.count } }

    func join(token: String, lastEventID: String?) async -> Joining {
        let (events, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(Self.bufferedPerTab))
        let joined = state.withLock { state -> (upstream: UInt64, tab: UInt64, opened: Task<Int, Never>)? in
            let upstream = state.upstreams[token] ?? startUpstream(token: token, openedWith: lastEventID, in: &state)
            guard let told = upstream.catchUp(from: lastEventID) else { return nil }
            for block in told { continuation.yield(block) }
            let tab = state.nextID
            state.nextID += 1
            state.upstreams[token]?.tabs[tab] = continuation
            return (upstream.id, tab, upstream.opened)
        }
        guard let joined else {
            continuation.finish()
            return .needsOwnStream
        }
        let leave: @Sendable () -> Void = { [self] in self.leave(token: token, upstream: joined.upstream, tab: joined.tab) }
        let status = await withTaskCancellationHandler {
            await joined.opened.value
        } onCancel: {
            leave()
        }
        guard status == 200 else {
            leave()
            return .refused(status: status)
        }
        return .joined(Subscription(events: events, leave: leave))
    }

    private func startUpstream(token: String, openedWith lastEventID: String?, in state: inout State) -> Upstream {
        let id = state.nextID
        state.nextID += 1
        var headers = ["Authorization": "Bearer \(token)", "Accept": "text/event-stream"]
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let opened = Task { [self] in await self.open(token: token, upstream: id, headers: headers) }
        let upstream = Upstream(id: id, openedWith: lastEventID, opened: opened)
        state.upstreams[token] = upstream
        return upstream
    }

    /// Opens the API's stream and starts reading it; answers the API's status.
    private func open(token: String, upstream id: UInt64, headers: [String: String]) async -> Int {
        let stream: OpenedEventStream
        do {
            stream = try await opener.openEventStream(url: url, headers: headers)
        } catch {
            if !(error is CancellationError) {
                logger.notice("Could not open the API's event stream", metadata: ["error": "\(error)"])
            }
            end(token: token, upstream: id)
            return 0
        }
        guard stream.status == 200 else {
            end(token: token, upstream: id)
            return stream.status
        }
        let reading = Task { [self] in
            var blocks = EventStreamBlocks()
            do {
                for try await chunk in stream.body {
                    deliver(try blocks.append(chunk), token: token, upstream: id)
                }
            } catch {
                // The API's stream failed or was cut: the tabs reconnect and catch up.
            }
            end(token: token, upstream: id)
        }
        let isStillWanted = state.withLock { state in
            guard state.upstreams[token]?.id == id else { return false }
            state.upstreams[token]?.reading = reading
            return true
        }
        if !isStillWanted { reading.cancel() }
        return 200
    }

    private func deliver(_ blocks: [EventStreamBlock], token: String, upstream id: UInt64) {
        let slow = state.withLock { state -> [AsyncStream<ByteBuffer>.Continuation] in
            guard var upstream = state.upstreams[token], upstream.id == id else { return [] }
            var slow: [AsyncStream<ByteBuffer>.Continuation] = []
            for block in blocks {
                upstream.keep(block)
                for (tab, continuation) in upstream.tabs {
                    if case .dropped = continuation.yield(block.bytes) {
                        upstream.tabs[tab] = nil
                        slow.append(continuation)
                    }
                }
            }
            state.upstreams[token] = upstream
            return slow
        }
        for continuation in slow { continuation.finish() }
    }

    /// Ends the stream of a session that ended (its person logged out), with every tab on it,
    /// at once rather than at the API's next check of the token.
    func endStreams(token: String) {
        let ended = state.withLock { $0.upstreams.removeValue(forKey: token) }
        guard let ended else { return }
        ended.opened.cancel()
        ended.reading?.cancel()
        for continuation in ended.tabs.values { continuation.finish() }
    }

    /// The API's stream ended (or never opened): so do its tabs.
    private func end(token: String, upstream id: UInt64) {
        let ended = state.withLock { state -> Upstream? in
            guard let upstream = state.upstreams[token], upstream.id == id else { return nil }
            state.upstreams[token] = nil
            return upstream
        }
        guard let ended else { return }
        ended.reading?.cancel()
        for continuation in ended.tabs.values { continuation.finish() }
    }

    private func leave(token: String, upstream id: UInt64, tab: UInt64) {
        let (left, lastOne) = state.withLock { state -> (AsyncStream<ByteBuffer>.Continuation?, Upstream?) in
            guard var upstream = state.upstreams[token], upstream.id == id else { return (nil, nil) }
            let left = upstream.tabs.removeValue(forKey: tab)
            guard upstream.tabs.isEmpty else {
                state.upstreams[token] = upstream
                return (left, nil)
            }
            state.upstreams[token] = nil
            return (left, upstream)
        }
        left?.finish()
        if let lastOne {
            lastOne.opened.cancel()
            lastOne.reading?.cancel()
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        var upstreams: [String: Upstream] = [:]
    }

    private struct Upstream {
        let id: UInt64
        /// The `Last-Event-ID` the stream was opened with: a tab at that place is told all kept.
        let openedWith: String?
        let opened: Task<Int, Never>
        var reading: Task<Void, Never>?
        var tabs: [UInt64: AsyncStream<ByteBuffer>.Continuation] = [:]
        var retry: ByteBuffer?
        var latestNotification: ByteBuffer?
        var kept: [(id: String, bytes: ByteBuffer)] = []

        init(id: UInt64, openedWith: String?, opened: Task<Int, Never>) {
            self.id = id
            self.openedWith = openedWith
            self.opened = opened
        }

        mutating func keep(_ block: EventStreamBlock) {
            switch block.kind {
            case .retry:
                retry = block.bytes
            case .comment:
                break
            case let .event(name):
                if name == "notification" { latestNotification = block.bytes }
                guard let id = block.id else { return }
                kept.append((id, block.bytes))
                if kept.count > SharedEventStreams.keptEvents { kept.removeFirst(kept.count - SharedEventStreams.keptEvents) }
            }
        }

        /// What a tab at `lastEventID` is told on joining; nil when its place is not kept.
        func catchUp(from lastEventID: String?) -> [ByteBuffer]? {
            guard let lastEventID else {
                return [retry, latestNotification].compactMap { $0 }
            }
            let missed: ArraySlice<(id: String, bytes: ByteBuffer)>
            if let seen = kept.lastIndex(where: { $0.id == lastEventID }) {
                missed = kept[(seen + 1)...]
            } else if lastEventID == openedWith && kept.count < SharedEventStreams.keptEvents {
                missed = kept[...]
            } else {
                return nil
            }
            return (retry.map { [$0] } ?? []) + missed.map(\.bytes)
        }
    }
}
