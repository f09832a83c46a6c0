import EssentialFeed
import Foundation
import Logging

/// The ways the app loads what it shows, one for each kind of thing, shared by the services
/// so that each strategy, and what it logs, is written once.
struct LoadingStrategies: Sendable {
    let logger: Logger

    /// Remote first, the cache as fallback: the API's answer, saved for later; when the API
    /// fails for any reason but cancellation or "not found" (answers, not outages), the
    /// cached copy stands in, saying since when. Without one, the API's failure.
    ///
    /// - Parameters:
    ///   - subject: what is loaded, as the log names it ("feed", "story").
    ///   - cached: the copy that may stand in, read only when the API failed.
    ///   - unavailableOffline: what to throw instead of the API's failure when there is no
    ///     cached copy, given that failure.
    ///   - isAnswer: the failures that are the API's answer rather than an outage (a token it
    ///     no longer honours): thrown, never covered by the cache.
    func remoteWithCacheFallback<Value: Sendable>(
        _ subject: String,
        metadata: Logger.Metadata = [:],
        remote: () async throws -> Value,
        save: (Value) async throws -> Void,
        cached: () async throws -> (value: Value, savedAt: Date?)?,
        unavailableOffline: (any Error) -> any Error = { $0 },
        isAnswer: (any Error) -> Bool = { _ in false }
    ) async throws -> Loaded<Value> {
        let value: Value
        do {
            value = try await remote()
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            if isAnswer(error) { throw error }
            if error is ResourceNotFoundError {
                logUpstreamFailure("The API has no such \(subject)", error, metadata: metadata)
                throw error
            }
            guard let saved = await readingCache(subject, metadata: metadata, cached) else {
                logUpstreamFailure("The \(subject) could not be loaded from the API, and the cache has none to stand in", error, metadata: metadata)
                throw unavailableOffline(error)
            }
            logger.log(level: level(for: error), "Showing the cached \(subject): the API could not be loaded", metadata: withError(error, metadata))
            OfflineKeeping.CacheFallback.current?.record(savedAt: saved.savedAt)
            return Loaded(value: saved.value, offlineCacheSavedAt: saved.savedAt)
        }
        await ignoringFailure("Could not cache the \(subject)", metadata: metadata) { try await save(value) }
        return Loaded(value: value)
    }

    /// Remote only: what the API answers, its failures logged for operators.
    func remoteOnly<Value>(_ subject: String, metadata: Logger.Metadata = [:], _ remote: () async throws -> Value) async throws -> Value {
        do {
            return try await remote()
        } catch {
            logUpstreamFailure("\(subject.capitalizedFirst) could not be loaded from the API", error, metadata: metadata)
            throw error
        }
    }

    /// Cache first, for bytes named by their address (an address the API gives never changes
    /// what it names): the cached bytes when there are any, else the API's, saved for next time.
    func cacheFirstData(
        _ subject: String,
        metadata: Logger.Metadata = [:],
        local: () async throws -> Data,
        remote: () async throws -> Data,
        save: (Data) async throws -> Void
    ) async throws -> Data {
        do {
            return try await local()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let data = try await remoteOnly(subject, metadata: metadata, remote)
            await ignoringFailure("Could not cache the \(subject)", metadata: metadata) { try await save(data) }
            return data
        }
    }

    /// What is shown does not depend on caching it; the next load tries again.
    func ignoringFailure(_ message: Logger.Message, metadata: Logger.Metadata = [:], _ work: () async throws -> Void) async {
        do {
            try await work()
        } catch {
            logger.warning(message, metadata: withError(error, metadata))
        }
    }

    /// What the API failed with, for operators: cancellation is the browser leaving, not a
    /// failure; "not found" is an answer, not an outage.
    private func logUpstreamFailure(_ message: Logger.Message, _ error: any Error, metadata: Logger.Metadata) {
        if error is CancellationError || Task.isCancelled { return }
        logger.log(level: error is ResourceNotFoundError ? .info : level(for: error), message, metadata: withError(error, metadata))
    }

    /// An API that cannot be reached is one outage, told once when it begins and once when it
    /// ends (`APIReachabilityLogging`); each request it fails is detail.
    private func level(for error: any Error) -> Logger.Level {
        error is ConnectivityError ? .debug : .warning
    }

    private func readingCache<Value>(
        _ subject: String, metadata: Logger.Metadata, _ read: () async throws -> (value: Value, savedAt: Date?)?
    ) async -> (value: Value, savedAt: Date?)? {
        do {
            return try await read()
        } catch {
            logger.warning("Could not read the cached \(subject)", metadata: withError(error, metadata))
            return nil
        }
    }

    private func withError(_ error: any Error, _ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.merging(["error": "\(error)"]) { $1 }
    }
}

private extension String {
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
