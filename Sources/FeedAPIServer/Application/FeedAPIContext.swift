import Hummingbird
import HummingbirdAuth
import NIOCore

/// A request to the API, with the socket address of the peer that sent it and, on the
/// protected routes, the session of its bearer token.
struct FeedAPIContext: AuthRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// `nil` for a request that came through no socket (tests of the router alone).
    let remoteAddress: SocketAddress?
    /// Set by `BearerTokenAuthenticator`.
    var identity: APISession?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
