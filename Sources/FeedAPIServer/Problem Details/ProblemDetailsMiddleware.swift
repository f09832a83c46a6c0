import Hummingbird

/// Turns every error a route (or the router, for unknown paths) throws into a problem-details response.
struct ProblemDetailsMiddleware<Context: RequestContext>: RouterMiddleware {
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
        } catch {
            context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            throw ProblemDetails.internalError
        }
    }

    private static func detail(for status: HTTPResponse.Status, request: Request) -> String {
        status == .notFound ? "Nothing is at \(request.uri.path)." : status.reasonPhrase
    }
}
