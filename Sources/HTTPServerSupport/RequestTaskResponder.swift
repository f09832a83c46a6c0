import Hummingbird

/// Answers the requests that hold their connection for long — event streams — in a task of
/// their own. A task keeps the memory its frames took until it ends, and a connection's task
/// lives as long as the connection: answered in it, a stream would keep every middleware's and
/// handler's frames for as long as it is open (about 35 KB a connection, measured on the app).
/// Answered in a child task, that memory goes back as soon as the response is made, and the
/// open stream keeps only what writing its body needs.
///
/// Other requests are answered in the connection's task: a child task per request costs two
/// more hand-overs between threads, which the busiest pages cannot afford.
public struct RequestTaskResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context: Sendable {
    public typealias Context = Wrapped.Context

    private let wrapped: Wrapped
    private let holdsItsConnection: @Sendable (Request) -> Bool

    public init(wrapping wrapped: Wrapped, holdsItsConnection: @escaping @Sendable (Request) -> Bool) {
        self.wrapped = wrapped
        self.holdsItsConnection = holdsItsConnection
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        guard holdsItsConnection(request) else { return try await wrapped.respond(to: request, context: context) }
        return try await withThrowingTaskGroup(of: Response.self) { group in
            group.addTask { try await wrapped.respond(to: request, context: context) }
            guard let response = try await group.next() else { throw CancellationError() }
            return response
        }
    }
}

extension HTTPResponder {
    /// This responder, answering the requests at `paths` (event streams) in a task of their own
    /// (`RequestTaskResponder`).
    public func answeringInTheirOwnTask(requestsTo paths: Set<String>) -> RequestTaskResponder<Self> where Context: Sendable {
        RequestTaskResponder(wrapping: self) { paths.contains($0.uri.path) }
    }
}
