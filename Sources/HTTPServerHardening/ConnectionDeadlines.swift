import NIOCore

/// When a connection has waited on its client for too long, from what it has seen of
/// the connection so far. Pure bookkeeping on instants, so its rules are testable
/// without a clock; `ConnectionDeadlineHandler` and `KeepAliveHandler` feed it.
struct ConnectionDeadlines {
    let limits: ConnectionLimits
    private(set) var lastActivity: NIODeadline
    private var firstByteOfNextHead: NIODeadline?
    private var lastBodyRead: NIODeadline?
    private var requestsAwaitingResponse = 0
    private var writesStalledSince: NIODeadline?

    init(limits: ConnectionLimits, openedAt: NIODeadline) {
        self.limits = limits
        lastActivity = openedAt
    }

    var isReadingRequest: Bool { lastBodyRead != nil }

    /// The moment after which the connection is closed; nil while the server itself is
    /// working on a response, which is bounded by its own timeouts, not the client's.
    var deadline: NIODeadline? {
        if let lastBodyRead {
            return lastBodyRead + .init(limits.idleTimeout)
        }
        if requestsAwaitingResponse > 0 {
            return writesStalledSince.map { $0 + .init(limits.idleTimeout) }
        }
        if let firstByteOfNextHead {
            return firstByteOfNextHead + .init(limits.headerReadTimeout)
        }
        return lastActivity + .init(limits.keepAliveTimeout)
    }

    mutating func bytesRead(at now: NIODeadline) {
        if lastBodyRead != nil {
            lastBodyRead = now
        } else if firstByteOfNextHead == nil {
            firstByteOfNextHead = now
        }
    }

    mutating func requestHeadRead(at now: NIODeadline) {
        firstByteOfNextHead = nil
        lastBodyRead = now
    }

    mutating func requestEndRead() {
        lastBodyRead = nil
        requestsAwaitingResponse += 1
    }

    mutating func responseWritten(at now: NIODeadline) {
        requestsAwaitingResponse = max(0, requestsAwaitingResponse - 1)
        writesStalledSince = nil
        lastActivity = now
    }

    mutating func writabilityChanged(isWritable: Bool, at now: NIODeadline) {
        writesStalledSince = isWritable ? nil : (writesStalledSince ?? now)
    }
}

private extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
