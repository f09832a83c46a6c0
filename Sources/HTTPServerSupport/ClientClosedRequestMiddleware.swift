import Hummingbird

/// Answers a request whose client hung up or half-closed before its answer was ready with
/// `499` (and closes the connection), rather than letting the cancellation surface as a
/// `500`: what the client left is its doing, and whatever it still reads says so.
public struct ClientClosedRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch  where HTTPResponse.Status.answering(error) == .clientClosedRequest {
            return Response(status: .clientClosedRequest, headers: [.connection: "close"])
        }
    }
}
