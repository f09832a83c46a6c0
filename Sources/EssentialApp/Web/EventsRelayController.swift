import EssentialFeed
import EssentialFeedInfrastructure
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// `GET /events`: the API's event stream of the reader (`/v1/events`), carried to the browser
/// as it comes — the bell's count and the new posts of those they follow — with the browser's
/// `Last-Event-ID`, so a tab that slept catches up. The tabs of one session share one stream
/// to the API (`SharedEventStreams`); a tab whose place only the API can still answer for
/// gets one of its own. A tab holds nothing once it goes; tabs are bounded per person and in
/// all.
///
/// A stream the app cannot open answers `204`, which tells `EventSource` to stop; `live.js`
/// tries again later.
struct EventsRelayController {
    typealias Context = AppRequestContext

    let streams: any EventStreamOpening
    let shared: SharedEventStreams
    let apiBaseURL: URL
    let admission: EventRelayAdmission
    let logger: Logger

    init(streams: any EventStreamOpening, apiBaseURL: URL, admission: EventRelayAdmission, logger: Logger) {
        self.streams = streams
        self.apiBaseURL = apiBaseURL
        self.admission = admission
        self.logger = logger
        shared = SharedEventStreams(opening: streams, url: apiBaseURL.appending(path: "v1/events"), logger: logger)
    }

    /// Chunks of the API's stream kept for a browser that reads slower than they come.
    static var buffered: Int { 256 }

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(LikeLinks.events), use: relay)
    }

    @Sendable private func relay(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let person = context.signedInAccount?.user.username else { throw HTTPError(.unauthorized) }
        guard let ticket = admission.admit(person) else {
            return Response(status: .tooManyRequests, headers: [.retryAfter: "30", .cacheControl: "no-store"])
        }
        let lastEventID = request.headers[.lastEventID].flatMap { $0.utf8.count <= 64 ? $0 : nil }
        switch await shared.join(token: session.apiToken, lastEventID: lastEventID) {
        case let .joined(subscription):
            return Self.stream(releasing: ticket, andThen: subscription.leave) { write in
                let connection = ClientConnection.current
                let gone = connection?.onClientGone { subscription.leave() }
                defer { gone.map { connection?.removeHandler($0) } }
                defer { subscription.leave() }
                await withGracefulShutdownHandler {
                    for await buffer in subscription.events {
                        guard await write(buffer) else { break }
                    }
                } onGracefulShutdown: {
                    subscription.leave()
                }
            }
        case .refused:
            ticket.release()
            if Task.isCancelled { throw CancellationError() }
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        case .needsOwnStream:
            return try await ownStream(token: session.apiToken, lastEventID: lastEventID, ticket: ticket)
        }
    }

    /// A stream to the API for this tab alone, from the place it last saw.
    private func ownStream(token: String, lastEventID: String?, ticket: EventRelayAdmission.Ticket) async throws -> Response {
        var headers = ["Authorization": "Bearer \(token)", "Accept": "text/event-stream"]
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let opened: OpenedEventStream
        do {
            opened = try await streams.openEventStream(url: apiBaseURL.appending(path: "v1/events"), headers: headers)
        } catch {
            ticket.release()
            if error is CancellationError { throw CancellationError() }
            logger.notice("Could not open the API's event stream", metadata: ["error": "\(error)"])
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        guard opened.status == 200 else {
            ticket.release()
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        let body = opened.body
        return Self.stream(releasing: ticket) { write in
            // Read apart from the writes, so a shutdown can end the stream (the browser
            // reconnects to another instance); a browser that stops reading holds at most
            // `buffered` chunks until its connection's idle limit closes it.
            let (relayed, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(Self.buffered))
            let reading = Task {
                do {
                    for try await buffer in body { continuation.yield(buffer) }
                } catch {
                    // The API's stream ended: the browser reconnects and catches up.
                }
                continuation.finish()
            }
            defer { reading.cancel() }
            // A browser that leaves the page frees its place at once (and the API's with it).
            let connection = ClientConnection.current
            let gone = connection?.onClientGone { continuation.finish() }
            defer { gone.map { connection?.removeHandler($0) } }
            await withGracefulShutdownHandler {
                for await buffer in relayed {
                    guard await write(buffer) else { break }
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
    }

    /// An event stream's response; `relay` is given a way to write that answers false once
    /// the browser can no longer be written to. The stream's place (`ticket`) and what it holds
    /// (`end`) are let go when the relay ends — or, for a browser gone before its response's
    /// head could be written (the body then never runs), when the response is dropped.
    static func stream(
        releasing ticket: EventRelayAdmission.Ticket, andThen end: @escaping @Sendable () -> Void = {},
        relay: @escaping @Sendable (_ write: (ByteBuffer) async -> Bool) async -> Void
    ) -> Response {
        let lease = StreamLease {
            ticket.release()
            end()
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .init("X-Accel-Buffering")!: "no"],
            body: ResponseBody { writer in
                defer { lease.end() }
                await relay { buffer in
                    do {
                        try await writer.write(buffer)
                        return true
                    } catch {
                        return false
                    }
                }
                try await writer.finish(nil)
            })
    }
}

/// Lets go of what an event stream holds once, when told or at the latest when nothing refers
/// to the stream any more.
private final class StreamLease: Sendable {
    private let letGo: Mutex<(@Sendable () -> Void)?>

    init(_ letGo: @escaping @Sendable () -> Void) {
        self.letGo = Mutex(letGo)
    }

    func end() {
        letGo.withLock { $0.take() }?()
    }

    deinit {
        end()
    }
}

/// How many event streams the app carries: per person (their tabs) and in all.
final class EventRelayAdmission: Sendable {
    struct Ticket: Sendable {
        let release: @Sendable () -> Void
    }

    private let perPerson: Int
    private let total: Int
    private let open = Mutex<(total: Int, byPerson: [String: Int])>((0, [:]))

    init(perPerson: Int = 8, total: Int = 2_000) {
        self.perPerson = perPerson
        self.total = total
    }

    var openCount: Int { open.withLock { $0.total } }

    func admit(_ person: String) -> Ticket? {
        let admitted = open.withLock { state -> Bool in
            guard state.total < total, state.byPerson[person, default: 0] < perPerson else { return false }
            state.total += 1
            state.byPerson[person, default: 0] += 1
            return true
        }
        guard admitted else { return nil }
        let released = Atomic(false)
        return Ticket { [self] in
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            open.withLock { state in
                state.total -= 1
                let left = state.byPerson[person, default: 1] - 1
                state.byPerson[person] = left > 0 ? left : nil
            }
        }
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
}
