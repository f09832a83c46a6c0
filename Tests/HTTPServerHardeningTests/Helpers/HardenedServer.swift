import HTTPServerHardening
import Hummingbird
import Logging

struct ServerDidNotStart: Error {}

/// Runs a Hummingbird application on `HardenedHTTP1Channel` on a free loopback port for
/// the duration of `body`.
func withHardenedServer<Result: Sendable>(
    limits: ConnectionLimits = ConnectionLimits(),
    routes: (Router<BasicRequestContext>) -> Void,
    _ body: (_ port: Int) async throws -> Result
) async throws -> Result {
    let router = Router()
    router.add(middleware: RequestBodyRefusalMiddleware())
    routes(router)
    let (ports, reportPort) = AsyncStream<Int>.makeStream()
    let app = Application(
        router: router,
        server: .hardenedHTTP1(limits: limits),
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            if let port = channel.localAddress?.port { reportPort.yield(port) }
            reportPort.finish()
        },
        logger: Logger(label: "hardened-server", factory: { _ in SwiftLogNoOpLogHandler() })
    )
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { reportPort.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw ServerDidNotStart() }
        let result = try await body(port)
        group.cancelAll()
        return result
    }
}

func get(_ path: String, version: String = "HTTP/1.1", headers: [String] = []) -> String {
    (["GET \(path) \(version)", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
}
