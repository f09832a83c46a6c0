import Hummingbird
import Logging

/// One line per request at `info` once it is answered: method, path, status and how long the
/// answer took (to its head; a streamed body may go on). A request that failed is logged
/// with the status its error answers, `499` when the client went away first, or 500.
///
/// A path whose last segment is a secret (an invitation's code, a reset link's) is logged
/// with that segment as `…`: logs travel further than the database that keeps only hashes.
public struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    private let logger: Logger
    private let clock = ContinuousClock()
    private let secretPathPrefixes: [String]

    public init(logger: Logger, secretPathPrefixes: [String] = []) {
        self.logger = logger
        self.secretPathPrefixes = secretPathPrefixes
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = clock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status, since: start)
            return response
        } catch {
            log(request, status: HTTPResponse.Status.answering(error), since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: HTTPResponse.Status, since start: ContinuousClock.Instant) {
        let milliseconds = (start.duration(to: clock.now) / .milliseconds(1) * 10).rounded() / 10
        let path = loggedPath(request.uri.path)
        // The fields are for structured logs (`--log-format json`), which a shipper filters on.
        logger.info(
            "\(request.method.rawValue) \(path) \(status.code) \(milliseconds) ms",
            metadata: [
                "method": "\(request.method.rawValue)", "path": "\(path)", "status": "\(status.code)", "duration_ms": "\(milliseconds)"
            ])
    }

    private func loggedPath(_ path: String) -> String {
        for prefix in secretPathPrefixes where path.hasPrefix(prefix) && path.count > prefix.count {
            return prefix + "…"
        }
        return path
    }
}

extension HTTPResponse.Status {
    /// The client closed the connection before the answer was ready: its doing, not the
    /// server's (the code nginx logs for it).
    public static let clientClosedRequest = HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request")

    /// The status a request that failed with `error` is counted with: a cancelled request
    /// (its client hung up, or half-closed) is the client's `499`, never a server error.
    public static func answering(_ error: any Error) -> HTTPResponse.Status {
        if error is CancellationError || Task.isCancelled { return .clientClosedRequest }
        return (error as? any HTTPResponseError)?.status ?? .internalServerError
    }
}
