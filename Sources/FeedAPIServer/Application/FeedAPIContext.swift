import Hummingbird
import HummingbirdAuth
import NIOCore

/// A request to the API, with the socket address of the peer that sent it and, on the
/// protected routes, the session of its bearer token.
package struct FeedAPIContext: AuthRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// `nil` for a request that came through no socket (tests of the router alone).
    package let remoteAddress: SocketAddress?
    /// Set by `BearerTokenAuthenticator`.
    package var identity: APISession?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
