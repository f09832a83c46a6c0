import EssentialFeed
import Foundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tells operators when the API stops answering, once, and once when it answers again: the
/// failed requests between are one outage, and each screen already says it shows what was kept.
final class APIReachabilityLogging: HTTPClient {
    private let decoratee: any HTTPClient
    private let apiBaseURL: URL
    private let apiOrigin: OriginRestrictedHTTPClient.Origin?
    private let logger: Logger
    private let isUnreachable = Mutex(false)

    init(decoratee: any HTTPClient, apiBaseURL: URL, logger: Logger) {
        self.decoratee = decoratee
        self.apiBaseURL = apiBaseURL
        self.apiOrigin = OriginRestrictedHTTPClient.Origin(apiBaseURL)
        self.logger = logger
    }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await observing(url) { try await decoratee.get(from: url) }
    }

    func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        try await observing(url) { try await decoratee.get(from: url, headers: headers) }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await observing(request.url) { try await decoratee.send(request) }
    }

    private func observing<Value>(_ url: URL?, _ request: () async throws -> Value) async throws -> Value {
        guard let url, OriginRestrictedHTTPClient.Origin(url) == apiOrigin else { return try await request() }
        do {
            let value = try await request()
            if isUnreachable.withLock({ $0.exchange(with: false) }) {
                logger.notice("The API at \(apiBaseURL.absoluteString) answers again")
            }
            return value
        } catch let error as ConnectivityError {
            if !isUnreachable.withLock({ $0.exchange(with: true) }) {
                logger.error("The API at \(apiBaseURL.absoluteString) cannot be reached; the app shows what it has kept until the API is back")
            }
            throw error
        }
    }
}

private extension Bool {
    /// Sets the new value and gives back the old one.
    mutating func exchange(with newValue: Bool) -> Bool {
        let old = self
        self = newValue
        return old
    }
}
