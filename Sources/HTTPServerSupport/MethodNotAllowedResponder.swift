import Hummingbird

/// Answers `405 Method Not Allowed` (with `Allow`) for a known path asked with a method it does
/// not serve, which the router alone would answer `404`; passes every other request on.
public struct MethodNotAllowedResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context: RequestContext {
    public typealias Context = Wrapped.Context
    /// Makes the answer: the request's method, and the methods its path serves.
    public typealias Answer = @Sendable (_ method: HTTPRequest.Method, _ allowed: [HTTPRequest.Method], Request, Context) throws -> Response

    private let wrapped: Wrapped
    private let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]
    /// Methods that every path serves: requests with these skip the path matching.
    private let methodsServedEverywhere: Set<HTTPRequest.Method>
    private let answer: Answer

    public init(wrapping wrapped: Wrapped, routes: [(path: RouterPath, method: HTTPRequest.Method)], answer: @escaping Answer) {
        self.wrapped = wrapped
        self.answer = answer
        var methodsByPath: [String: (path: RouterPath, methods: [HTTPRequest.Method])] = [:]
        for route in routes {
            methodsByPath[route.path.description, default: (route.path, [])].methods.append(route.method)
        }
        self.routes = methodsByPath.values.sorted { $0.path.description < $1.path.description }
        methodsServedEverywhere =
            self.routes
            .map { Set($0.methods) }
            .reduce(nil as Set<HTTPRequest.Method>?) { common, methods in common?.intersection(methods) ?? methods } ?? []
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        if !methodsServedEverywhere.contains(request.method),
            let allowed = allowedMethods(forPath: request.uri.path),
            !allowed.contains(request.method)
        {
            var response = try answer(request.method, allowed, request, context)
            response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            return response
        }
        return try await wrapped.respond(to: request, context: context)
    }

    private func allowedMethods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.first { route in
            route.path.components.count == segments.count
                && zip(route.path.components, segments).allSatisfy { element, segment in element ~= segment }
        }?.methods
    }
}

extension Router {
    /// The router's responder, answering `405` with `Allow` for a known path asked with another method.
    public func buildResponder(answeringMethodNotAllowed answer: @escaping MethodNotAllowedResponder<RouterResponder<Context>>.Answer)
        -> MethodNotAllowedResponder<RouterResponder<Context>>
    {
        MethodNotAllowedResponder(wrapping: buildResponder(), routes: routes.map { (path: $0.path, method: $0.method) }, answer: answer)
    }
}
