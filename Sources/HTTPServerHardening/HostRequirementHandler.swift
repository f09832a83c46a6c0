import NIOCore
import NIOHTTP1

/// Answers an HTTP/1.1 request without a `Host` field with `400` and closes the connection,
/// as HTTP/1.1 requires; the request never reaches the server. (HTTP/1.0 had no such field.)
final class HostRequirementHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var isRefusing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isRefusing else { return }
        if case .head(let head) = unwrapInboundIn(data), head.version.major == 1, head.version.minor >= 1,
            !head.headers.contains(name: "host")
        {
            isRefusing = true
            refuse(context: context, version: head.version)
            return
        }
        context.fireChannelRead(data)
    }

    private func refuse(context: ChannelHandlerContext, version: HTTPVersion) {
        let text = "An HTTP/1.1 request names its host in a Host field.\n"
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "text/plain; charset=utf-8")
        headers.add(name: "content-length", value: String(text.utf8.count))
        headers.add(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension HostRequirementHandler: Sendable {}
