import NIOCore
import NIOHTTP1

/// Keep-alive as HTTP/1 defines it, between NIO's HTTP codec and the server:
///
/// - HTTP/1.1 keeps the connection unless a side says `Connection: close`; HTTP/1.0
///   closes it after the response unless the request asked for `keep-alive`.
/// - A response sent while its request's body is still unread closes the connection
///   after it, so a refused body is never processed, however large. The connection first
///   stops sending and drops what still arrives for a moment (a lingering close): a client
///   still writing the body then reads the refusal rather than a reset.
/// - Every response says which it is, so the client never has to guess.
///
/// It also tells `ConnectionDeadlineHandler` where requests and responses begin and end.
final class KeepAliveHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let deadlines: ConnectionDeadlineHandler
    /// The versions and keep-alive wishes of requests not yet answered, oldest first.
    private var pendingRequests: [(version: HTTPVersion, keepAlive: Bool)] = []
    private var closesAfterResponse = false
    /// After a refusal sent mid-body: what arrives is dropped until the connection closes.
    private var isDiscardingInput = false
    /// How long a refused body's remainder is drained before the connection closes anyway.
    static let lingerTime = TimeAmount.seconds(10)

    init(deadlines: ConnectionDeadlineHandler) {
        self.deadlines = deadlines
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isDiscardingInput else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            pendingRequests.append((head.version, head.isKeepAlive))
            deadlines.update { $0.requestHeadRead(at: .now()) }
        case .body:
            break
        case .end:
            deadlines.update { $0.requestEndRead() }
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard isDiscardingInput else {
            context.fireChannelReadComplete()
            return
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let request = pendingRequests.first ?? (.http1_1, true)
            let responseAsksToClose = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
            // An HTTP/1.0 body without a length ends where the connection does.
            let isDelimitedByClose = request.version == .http1_0 && !head.headers.contains(name: "content-length")
            closesAfterResponse =
                !request.keepAlive || responseAsksToClose || isDelimitedByClose
                || deadlines.deadlines.isReadingRequest
            head.version = request.version == .http1_0 ? .http1_0 : .http1_1
            head.headers.remove(name: "connection")
            if closesAfterResponse {
                head.headers.add(name: "connection", value: "close")
            } else if request.version == .http1_0 {
                head.headers.add(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !pendingRequests.isEmpty { pendingRequests.removeFirst() }
            let bodyUnread = deadlines.deadlines.isReadingRequest
            deadlines.update { $0.responseWritten(at: .now()) }
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in
                let (handler, context) = loopBound.value
                guard bodyUnread else {
                    context.close(promise: nil)
                    return
                }
                handler.isDiscardingInput = true
                context.close(mode: .output, promise: nil)
                // Nothing further in asks for the body any more: reading goes on from here.
                context.read()
                context.eventLoop.scheduleTask(in: Self.lingerTime) { loopBound.value.context.close(promise: nil) }
            }
            context.writeAndFlush(data, promise: written)
        }
    }
}

@available(*, unavailable)
extension KeepAliveHandler: Sendable {}
