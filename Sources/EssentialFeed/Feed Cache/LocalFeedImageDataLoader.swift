import Foundation

public final class LocalFeedImageDataLoader: Sendable {
    private let store: any FeedImageDataStore

    public init(store: any FeedImageDataStore) {
        self.store = store
    }
}

extension LocalFeedImageDataLoader {
    public enum LoadError: Error, Equatable, Sendable {
        case failed
        case notFound
    }

    /// Throws `CancellationError` instead of delivering data or a failure when the
    /// calling task was cancelled, so a cancelled image load shows no error.
    public func loadImageData(from url: URL) async throws -> Data {
        let data: Data?
        do {
            data = try await store.retrieve(dataForURL: url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw LoadError.failed
        }
        try Task.checkCancellation()

        guard let data, !data.isEmpty else { throw LoadError.notFound }
        return data
    }
}

extension LocalFeedImageDataLoader {
    public enum SaveError: Error, Equatable, Sendable {
        case failed
    }

    public func save(_ data: Data, for url: URL) async throws {
        do {
            try await store.insert(data, for: url)
        } catch {
            throw SaveError.failed
        }
    }

    /// Forgets the image's bytes: the image was deleted at its source, and nobody should be
    /// shown it from here again.
    public func deleteData(for url: URL) async throws {
        do {
            try await store.deleteData(forURL: url)
        } catch {
            throw SaveError.failed
        }
    }
}
