import EssentialFeed
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers every request with a canned response, and remembers what was asked.
final class HTTPClientStub: HTTPClient {
    typealias Responder = @Sendable (URL) async throws -> (Data, HTTPURLResponse)

    private let responder: Responder
    private let requests = Mutex<[URL]>([])

    init(_ responder: @escaping Responder) {
        self.responder = responder
    }

    var requestedURLs: [URL] {
        requests.withLock { $0 }
    }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        requests.withLock { $0.append(url) }
        return try await responder(url)
    }

    static var offline: HTTPClientStub {
        HTTPClientStub { _ in throw ConnectivityError() }
    }

    static func online(_ response: @escaping @Sendable (URL) -> (Data, Int)) -> HTTPClientStub {
        HTTPClientStub { url in
            let (data, status) = response(url)
            return (data, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
        }
    }
}
