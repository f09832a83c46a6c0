import Hummingbird

/// Every response carries the app's `ContentSecurityPolicy` unless it set its own.
/// (`BaselineHeadersMiddleware` adds what the API's answers say too.)
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        // A screen that needs one more source (the New post preview) sets its own policy.
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = ContentSecurityPolicy.app.headerValue
        }
        return response
    }
}
