import Hummingbird
import NIOCore

/// A request to the app, with the session its cookie names (when valid).
struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    var session: ActiveSession?
    /// `nil` for a request that came through no socket (tests of the router alone).
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
