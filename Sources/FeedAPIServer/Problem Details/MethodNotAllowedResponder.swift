import Hummingbird

/// Answers `405 Method Not Allowed` (with `Allow`) for a known path asked with a method it does
/// not serve, which the router alone would answer `404`; passes every other request on.
struct MethodNotAllowedResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context: RequestContext {
    typealias Context = Wrapped.Context

    private let wrapped: Wrapped
    private let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]
    /// Methods that every path serves: requests with these skip the path matching.
    private let methodsServedEverywhere: Set<HTTPRequest.Method>

    init(wrapping wrapped: Wrapped, routes: [(path: RouterPath, method: HTTPRequest.Method)]) {
        self.wrapped = wrapped
        var methodsByPath: [String: (path: RouterPath, methods: [HTTPRequest.Method])] = [:]
        for route in routes {
            methodsByPath[route.path.description, default: (route.path, [])].methods.append(route.method)
        }
        self.routes = methodsByPath.values.sorted { $0.path.description < $1.path.description }
        methodsServedEverywhere = self.routes
            .map { Set($0.methods) }
            .reduce(nil as Set<HTTPRequest.Method>?) { common, methods in common?.intersection(methods) ?? methods } ?? []
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        if !methodsServedEverywhere.contains(request.method),
           let allowed = allowedMethods(forPath: request.uri.path),
           !allowed.contains(request.method) {
            return try ProblemDetails.methodNotAllowed(request.method, allowed: allowed).response(from: request, context: context)
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
