import Hummingbird
import NIOCore

/// A request to the API, with the socket address of the peer that sent it.
struct FeedAPIContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// `nil` for a request that came through no socket (tests of the router alone).
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
