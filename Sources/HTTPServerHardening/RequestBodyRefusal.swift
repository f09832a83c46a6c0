import Hummingbird

/// Refuses, before anything reads it, the body of a request to a route that takes none.
/// The answer closes the connection (`KeepAliveHandler`), so the rest of the body is never
/// read, however large, whether or not it had arrived by then. Requests with a method in
/// `methodsWithBodies` go on: their routes read the body within bounds of their own.
public struct RequestBodyRefusalMiddleware<Context: RequestContext>: RouterMiddleware {
    private let methodsWithBodies: Set<HTTPRequest.Method>

    public init(methodsWithBodies: Set<HTTPRequest.Method> = []) {
        self.methodsWithBodies = methodsWithBodies
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard methodsWithBodies.contains(request.method) || !request.declaresBody else {
            throw HTTPError(.contentTooLarge, headers: [.connection: "close"], message: "This address takes no request body.")
        }
        return try await next(request, context)
    }
}

extension Request {
    /// Whether the head announces content: a non-zero `Content-Length`, or any `Transfer-Encoding`.
    var declaresBody: Bool {
        if headers[.transferEncoding] != nil { return true }
        guard let length = headers[.contentLength] else { return false }
        return length != "0"
    }
}
