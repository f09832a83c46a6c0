import Hummingbird

/// Runs a middleware around a whole responder, so it sees every request — also those the
/// responder answers before any route's middleware runs, such as a `405`.
public struct MiddlewareResponder<Middleware: RouterMiddleware, Wrapped: HTTPResponder>: HTTPResponder
where Middleware.Context == Wrapped.Context {
    public typealias Context = Wrapped.Context

    private let middleware: Middleware
    private let wrapped: Wrapped

    public init(_ middleware: Middleware, around wrapped: Wrapped) {
        self.middleware = middleware
        self.wrapped = wrapped
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        try await middleware.handle(request, context: context) { request, context in
            try await wrapped.respond(to: request, context: context)
        }
    }
}

extension HTTPResponder {
    public func wrapped<Middleware: RouterMiddleware>(in middleware: Middleware) -> MiddlewareResponder<Middleware, Self>
    where Middleware.Context == Context {
        MiddlewareResponder(middleware, around: self)
    }
}
