import Synchronization

/// The client side of one connection, as the requests it carries see it: whether the
/// client has gone away (closed or reset its end), and who to tell when it does.
///
/// A route handler keeps running when its client disconnects; this is how its work
/// learns that nobody is waiting for the answer any more.
public final class ClientConnection: Sendable {
    /// The connection of the request being handled by the current task, if it came
    /// through a `HardenedHTTP1Channel`.
    @TaskLocal public static var current: ClientConnection?

    public struct Registration: Sendable, Hashable {
        fileprivate let id: Int
    }

    private struct State {
        var isClosed = false
        var nextID = 0
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    init() {}

    var isClosed: Bool {
        state.withLock { $0.isClosed }
    }

    /// Calls `handler` once when the client goes away, at once if it has already.
    /// Returns nil when it was called at once; otherwise what `removeHandler(_:)` takes.
    @discardableResult
    public func onClientGone(_ handler: @escaping @Sendable () -> Void) -> Registration? {
        let registration: Registration? = state.withLock { state in
            guard !state.isClosed else { return nil }
            defer { state.nextID += 1 }
            state.handlers[state.nextID] = handler
            return Registration(id: state.nextID)
        }
        if registration == nil { handler() }
        return registration
    }

    public func removeHandler(_ registration: Registration) {
        _ = state.withLock { $0.handlers.removeValue(forKey: registration.id) }
    }

    /// Called by the connection's channel handlers when its input closes or it drops.
    func clientWentAway() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isClosed else { return [] }
            state.isClosed = true
            defer { state.handlers = [:] }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }
}

/// Runs `operation` and cancels it when the client of the current request goes away
/// (or when the calling task is cancelled), without touching the request body, so the
/// connection stays usable for the client's next request.
///
/// Outside a request served by `HardenedHTTP1Channel`, it simply runs `operation`.
public func cancellingWhenClientGoes<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    guard let connection = ClientConnection.current else { return try await operation() }
    let work = Task { try await operation() }
    let registration = connection.onClientGone { work.cancel() }
    defer { registration.map(connection.removeHandler) }
    return try await withTaskCancellationHandler {
        try await work.value
    } onCancel: {
        work.cancel()
    }
}
