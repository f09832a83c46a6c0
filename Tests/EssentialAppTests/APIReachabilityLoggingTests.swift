import EssentialFeed
import Foundation
import LogRecording
import Synchronization
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct APIReachabilityLoggingTests {
    private let api = URL(string: "http://api.test/essential-feed")!

    @Test func anOutage_isLoggedOnceWhenItBegins_andOnceWhenTheAPIAnswersAgain() async throws {
        let isDown = Mutex(true)
        let recorder = LogRecorder()
        let sut = APIReachabilityLogging(
            decoratee: HTTPClientStub { url in
                if isDown.withLock({ $0 }) { throw ConnectivityError() }
                return (Data(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
            },
            apiBaseURL: api, logger: recorder.logger)

        for _ in 0..<3 {
            await #expect(throws: ConnectivityError.self) { try await sut.get(from: api.appending(path: "v1/feed")) }
        }
        #expect(recorder.lines(at: .error) == ["The API at http://api.test/essential-feed cannot be reached; the app shows what it has kept until the API is back"])

        isDown.withLock { $0 = false }
        _ = try await sut.get(from: api.appending(path: "v1/feed"))
        _ = try await sut.get(from: api.appending(path: "v1/news"))

        #expect(recorder.lines(at: .notice) == ["The API at http://api.test/essential-feed answers again"])
        #expect(recorder.lines.count == 2)
    }

    @Test func anAnswerWhileTheAPIIsUp_logsNothing() async throws {
        let recorder = LogRecorder()
        let sut = APIReachabilityLogging(
            decoratee: HTTPClientStub { url in (Data(), HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: nil)!) },
            apiBaseURL: api, logger: recorder.logger)

        _ = try await sut.get(from: api.appending(path: "v1/feed"))

        #expect(recorder.lines.isEmpty)
    }

    @Test func anotherOriginThatCannotBeReached_isNotTheAPI() async throws {
        let recorder = LogRecorder()
        let sut = APIReachabilityLogging(decoratee: HTTPClientStub.offline, apiBaseURL: api, logger: recorder.logger)

        await #expect(throws: ConnectivityError.self) { try await sut.get(from: URL(string: "http://images.test/a.jpg")!) }

        #expect(recorder.lines.isEmpty)
    }
}
