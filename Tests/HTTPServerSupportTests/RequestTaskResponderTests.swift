import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOEmbedded
import Synchronization
import Testing

@Suite struct RequestTaskResponderTests {
    @TaskLocal static var connection: String?

    @Test func aStreamsRequest_isAnsweredInATaskOfItsOwn_thatSeesTheConnectionsValues() async throws {
        let (responder, tasks) = makeSUT()

        try await Self.$connection.withValue("the connection") {
            let callerTask = withUnsafeCurrentTask { $0?.hashValue }
            let response = try await responder.respond(to: request("/events"), context: context())

            #expect(response.status == .ok)
            let seen = try #require(tasks.withLock { $0.first })
            #expect(seen.task != callerTask, "answered in a child task")
            #expect(seen.connection == "the connection")
        }
    }

    @Test func everyOtherRequest_isAnsweredInTheCallersTask() async throws {
        let (responder, tasks) = makeSUT()

        let callerTask = withUnsafeCurrentTask { $0?.hashValue }
        _ = try await responder.respond(to: request("/fragments/feed"), context: context())

        #expect(tasks.withLock { $0.first?.task } == callerTask)
    }

    @Test func aStreamsRequest_isCancelledWithItsCaller() async throws {
        let started = AsyncStream.makeStream(of: Void.self)
        let responder = Waiting(started: started.continuation).answeringInTheirOwnTask(requestsTo: ["/events"])

        let answering = Task { try await responder.respond(to: request("/events"), context: context()) }
        for await _ in started.stream { break }
        answering.cancel()

        await #expect(throws: CancellationError.self) { try await answering.value }
    }

    // MARK: - Helpers

    /// The tasks the wrapped responder ran in, and the connection's value each saw.
    private final class SeenTasks: Sendable {
        private let seen = Mutex<[(task: Int?, connection: String?)]>([])

        func withLock<Result>(_ body: (inout [(task: Int?, connection: String?)]) -> Result) -> Result {
            seen.withLock { body(&$0) }
        }
    }

    private func makeSUT() -> (RequestTaskResponder<Recording>, SeenTasks) {
        let tasks = SeenTasks()
        return (Recording(tasks: tasks).answeringInTheirOwnTask(requestsTo: ["/events"]), tasks)
    }

    private func request(_ path: String) -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path), body: RequestBody(buffer: ByteBuffer()))
    }

    private func context() -> BasicRequestContext {
        BasicRequestContext(source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
    }

    private struct Recording: HTTPResponder {
        let tasks: SeenTasks

        func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
            let task = withUnsafeCurrentTask { $0?.hashValue }
            tasks.withLock { $0.append((task, RequestTaskResponderTests.connection)) }
            return Response(status: .ok)
        }
    }

    private struct Waiting: HTTPResponder {
        let started: AsyncStream<Void>.Continuation

        func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
            started.yield()
            try await Task.sleep(for: .seconds(3_600))
            return Response(status: .ok)
        }
    }
}
