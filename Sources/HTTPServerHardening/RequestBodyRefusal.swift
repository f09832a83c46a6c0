import Hummingbird

/// Refuses, before anything reads it, the body of a request to a route that takes none.
/// The answer closes the connection (`KeepAliveHandler`), so the rest of the body is never
/// read, however large, whether or not it had arrived by then.
///
/// A method in `bodyLimits` may carry a body up to its limit, announced by `Content-Length`
/// (a body of unknown length is refused): so even a request to an address no route serves
/// never makes the server read more than that.
///
/// A path in `pathLimits` (an exact path, such as an upload address) takes its own limit
/// for the methods that take a body there.
public struct RequestBodyRefusalMiddleware<Context: RequestContext>: RouterMiddleware {
    private let bodyLimits: [HTTPRequest.Method: Int]
    private let pathLimits: [String: [HTTPRequest.Method: Int]]

    public init(bodyLimits: [HTTPRequest.Method: Int] = [:], pathLimits: [String: [HTTPRequest.Method: Int]] = [:]) {
        self.bodyLimits = bodyLimits
        self.pathLimits = pathLimits
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.declaresBody else { return try await next(request, context) }
        guard let limit = pathLimits[request.uri.path]?[request.method] ?? bodyLimits[request.method] else {
            throw HTTPError(.contentTooLarge, headers: [.connection: "close"], message: "This address takes no request body.")
        }
        guard request.headers[.transferEncoding] == nil,
            let length = request.headers[.contentLength].flatMap(Int.init), length <= limit
        else {
            throw HTTPError(.contentTooLarge, headers: [.connection: "close"], message: "A request body must announce its length, at most \(limit) bytes.")
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
