import Foundation
import Hummingbird
import Logging

struct LoopbackServerDidNotStart: Error {}

/// Runs a real HTTP server on 127.0.0.1, on a port the system picks, for the
/// duration of `body`, which receives the server's base URL. The server is shut
/// down when `body` returns or throws.
@discardableResult
func withLoopbackServer<Result: Sendable>(
    routes: (Router<BasicRequestContext>) -> Void,
    _ body: (URL) async throws -> Result
) async throws -> Result {
    let router = Router()
    routes(router)
    let (boundPorts, boundPort) = AsyncStream<Int>.makeStream()
    let app = Application(
        router: router,
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            if let port = channel.localAddress?.port { boundPort.yield(port) }
            boundPort.finish()
        },
        // The server is stopped by cancelling it, which it reports as an error; tests
        // assert on what the client sees, so the server's own log is only noise.
        logger: Logger(label: "loopback-server", factory: { _ in SwiftLogNoOpLogHandler() })
    )

    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { boundPort.finish() }
            try await app.run()
        }
        var ports = boundPorts.makeAsyncIterator()
        guard let port = await ports.next() else { throw LoopbackServerDidNotStart() }

        let result = try await body(URL(string: "http://127.0.0.1:\(port)")!)
        group.cancelAll()
        return result
    }
}

/// A loopback URL on which nothing listens: the port of a server that was
/// started and stopped.
func urlWithNothingListening() async throws -> URL {
    try await withLoopbackServer(routes: { _ in }) { $0 }
}
