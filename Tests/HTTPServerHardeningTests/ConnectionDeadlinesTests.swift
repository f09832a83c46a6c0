import NIOCore
import Testing

@testable import HTTPServerHardening

/// The rules for when a connection has waited on its client for too long, on explicit instants.
@Suite struct ConnectionDeadlinesTests {
    private let opened = NIODeadline.uptimeNanoseconds(1_000_000_000)
    private let limits = ConnectionLimits(headerReadTimeout: .seconds(10), keepAliveTimeout: .seconds(15), idleTimeout: .seconds(30))

    @Test func newConnection_mustStartARequestWithinTheKeepAliveTimeout() {
        let sut = ConnectionDeadlines(limits: limits, openedAt: opened)

        #expect(sut.deadline == opened + .seconds(15))
    }

    @Test func firstBytesOfAHead_mustBeFollowedByTheWholeHeadWithinTheHeaderReadTimeout() {
        var sut = ConnectionDeadlines(limits: limits, openedAt: opened)

        sut.bytesRead(at: opened + .seconds(2))
        sut.bytesRead(at: opened + .seconds(9))

        #expect(sut.deadline == opened + .seconds(12), "trickling bytes do not extend it")
    }

    @Test func bodyBeingRead_mustKeepMovingWithinTheIdleTimeout() {
        var sut = ConnectionDeadlines(limits: limits, openedAt: opened)
        sut.bytesRead(at: opened)
        sut.requestHeadRead(at: opened + .seconds(1))

        sut.bytesRead(at: opened + .seconds(20))

        #expect(sut.isReadingRequest)
        #expect(sut.deadline == opened + .seconds(50))
    }

    @Test func requestBeingAnswered_hasNoClientDeadline() {
        var sut = ConnectionDeadlines(limits: limits, openedAt: opened)
        sut.requestHeadRead(at: opened)

        sut.requestEndRead()

        #expect(sut.deadline == nil)
    }

    @Test func responseStalledByAClientThatDoesNotRead_mustMoveWithinTheIdleTimeout() {
        var sut = ConnectionDeadlines(limits: limits, openedAt: opened)
        sut.requestHeadRead(at: opened)
        sut.requestEndRead()

        sut.writabilityChanged(isWritable: false, at: opened + .seconds(3))

        #expect(sut.deadline == opened + .seconds(33))
        sut.writabilityChanged(isWritable: true, at: opened + .seconds(4))
        #expect(sut.deadline == nil)
    }

    @Test func answeredConnection_mustStartTheNextRequestWithinTheKeepAliveTimeout() {
        var sut = ConnectionDeadlines(limits: limits, openedAt: opened)
        sut.requestHeadRead(at: opened)
        sut.requestEndRead()

        sut.responseWritten(at: opened + .seconds(5))

        #expect(sut.deadline == opened + .seconds(20))
    }

    @Test func pipelinedRequest_keepsTheConnectionBusyUntilItsResponse() {
        var sut = ConnectionDeadlines(limits: limits, openedAt: opened)
        sut.requestHeadRead(at: opened)
        sut.requestEndRead()
        sut.requestHeadRead(at: opened)
        sut.requestEndRead()

        sut.responseWritten(at: opened + .seconds(1))

        #expect(sut.deadline == nil)
        sut.responseWritten(at: opened + .seconds(2))
        #expect(sut.deadline == opened + .seconds(17))
    }
}
