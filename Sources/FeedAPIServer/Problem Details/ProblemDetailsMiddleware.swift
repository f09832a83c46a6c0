import FeedAPIStorage
import Foundation
import GRDB
import Hummingbird
import Logging
import Synchronization

/// Turns every error a route (or the router, for unknown paths) throws into a problem-details response.
struct ProblemDetailsMiddleware<Context: RequestContext>: RouterMiddleware {
    let storageFull = StorageFullReport()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as ProblemDetails {
            throw problem
        } catch let error as HTTPError {
            throw ProblemDetails(
                status: error.status,
                detail: error.body ?? Self.detail(for: error.status, request: request),
                headers: error.headers)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            storageFull.report(error.message ?? "\(error)", logger: context.logger)
            throw ProblemDetails.storageFull
        } catch let error as StorageFull {
            storageFull.report(error.message, logger: context.logger)
            throw ProblemDetails.storageFull
        } catch let error as DatabaseUnavailable {
            context.logger.warning("Refused a request: the database is unavailable", metadata: ["error": "\(error.reason)", "path": "\(request.uri.path)"])
            throw ProblemDetails.databaseUnavailable
        } catch {
            context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            throw ProblemDetails.internalError
        }
    }

    private static func detail(for status: HTTPResponse.Status, request: Request) -> String {
        status == .notFound ? "Nothing is at \(request.uri.path)." : status.reasonPhrase
    }
}

/// Says at error level, once a minute at most, that writes fail for want of space: one line
/// an operator acts on, not one per refused request.
final class StorageFullReport: Sendable {
    private let lastReported = Mutex<ContinuousClock.Instant?>(nil)
    private let interval: Duration

    init(interval: Duration = .seconds(60)) {
        self.interval = interval
    }

    func report(_ message: String, logger: Logger) {
        let now = ContinuousClock.now
        let isDue = lastReported.withLock { last in
            guard last.map({ $0.duration(to: now) >= interval }) ?? true else { return false }
            last = now
            return true
        }
        if isDue {
            logger.error("The disk is full: writes are refused with 507 until space is freed", metadata: ["error": "\(message)"])
        } else {
            logger.debug("A write was refused: the disk is full")
        }
    }
}
