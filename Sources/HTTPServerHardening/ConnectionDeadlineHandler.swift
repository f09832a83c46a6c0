import NIOCore

/// The first handler of a connection, seeing its raw bytes: it closes the connection
/// once `ConnectionDeadlines` says the client has taken too long, and tells the
/// `ClientConnection` when the client closes or resets its end.
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let connection: ClientConnection
    private(set) var deadlines: ConnectionDeadlines
    private var scheduledCheck: Scheduled<Void>?
    private var scheduledCheckDeadline: NIODeadline?
    private var context: ChannelHandlerContext?

    init(limits: ConnectionLimits, connection: ClientConnection) {
        self.connection = connection
        deadlines = ConnectionDeadlines(limits: limits, openedAt: .now())
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        scheduleCheck(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        scheduledCheck?.cancel()
        scheduledCheck = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        deadlines.bytesRead(at: .now())
        rescheduleIfEarlier(context: context)
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        deadlines.writabilityChanged(isWritable: context.channel.isWritable, at: .now())
        rescheduleIfEarlier(context: context)
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            connection.clientWentAway()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        connection.clientWentAway()
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.clientWentAway()
        scheduledCheck?.cancel()
        scheduledCheck = nil
        context.fireChannelInactive()
    }

    /// Called by `KeepAliveHandler`, which sees where requests and responses begin and end.
    func update(_ change: (inout ConnectionDeadlines) -> Void) {
        change(&deadlines)
        if let context { rescheduleIfEarlier(context: context) }
    }

    private func rescheduleIfEarlier(context: ChannelHandlerContext) {
        guard let deadline = deadlines.deadline else { return }
        if let scheduledCheckDeadline, scheduledCheckDeadline <= deadline { return }
        scheduleCheck(context: context)
    }

    /// One timer per connection, moved only when the deadline comes earlier: most events
    /// push the deadline later, and the check then simply reschedules itself.
    private func scheduleCheck(context: ChannelHandlerContext) {
        scheduledCheck?.cancel()
        // While the server works on a response there is no client deadline; look again later.
        let deadline = deadlines.deadline ?? (.now() + .seconds(1))
        scheduledCheckDeadline = deadline
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        scheduledCheck = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.check(context: context)
        }
    }

    private func check(context: ChannelHandlerContext) {
        scheduledCheck = nil
        scheduledCheckDeadline = nil
        guard context.channel.isActive else { return }
        if let deadline = deadlines.deadline, deadline <= .now() {
            context.close(promise: nil)
        } else {
            scheduleCheck(context: context)
        }
    }
}

@available(*, unavailable)
extension ConnectionDeadlineHandler: Sendable {}
