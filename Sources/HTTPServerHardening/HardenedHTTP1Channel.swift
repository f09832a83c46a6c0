import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 server with the bounds real clients need: connection timeouts,
/// keep-alive as HTTP/1 defines it, bounded request heads, and a `ClientConnection` for
/// each request's work to learn when its client has gone away.
///
/// The pipeline, from the socket inward: deadlines on raw bytes → NIO's HTTP codec with
/// head limits → keep-alive → HTTP types → Hummingbird's quiescing on shutdown → the server.
public struct HardenedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    public struct Value: ServerChildChannelValue {
        let asyncChannel: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
        let connection: ClientConnection
        public var channel: any Channel { asyncChannel.channel }
    }

    public let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits

    public init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits) {
        self.responder = responder
        self.limits = limits
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let connection = ClientConnection()
            let deadlines = ConnectionDeadlineHandler(limits: limits, connection: connection)
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderFieldSize = limits.maxHeaderFieldSize
            decoderLimits.maxHeaderListSize = limits.maxHeaderListSize
            decoderLimits.maxHeaderFieldCount = limits.maxHeaderFieldCount

            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(deadlines)
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,
                withErrorHandling: false,
                withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: decoderLimits
            )
            try pipeline.addHandler(HostRequirementHandler())
            try pipeline.addHandler(KeepAliveHandler(deadlines: deadlines))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: channel,
                configuration: .init(isOutboundHalfClosureEnabled: true)
            )
            return Value(asyncChannel: asyncChannel, connection: connection)
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await ClientConnection.$current.withValue(value.connection) {
            await handleHTTP(asyncChannel: value.asyncChannel, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1 server with connection timeouts, keep-alive done right and bounded heads.
    public static func hardenedHTTP1(limits: ConnectionLimits = ConnectionLimits()) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            HardenedHTTP1Channel(responder: responder, limits: limits)
        }
    }
}

extension ApplicationConfiguration {
    /// A server on `address` that serves at most `limits.maxConnections` connections at once.
    public init(address: BindAddress, serverName: String, limits: ConnectionLimits) {
        self.init(
            address: address,
            serverName: serverName,
            availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)
        )
    }
}
