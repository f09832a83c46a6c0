import Hummingbird

/// A request to the app, with the session its cookie names (when valid).
struct AppRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var session: ActiveSession?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
