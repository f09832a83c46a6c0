import EssentialFeed
import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The news as the screens load it: remote first, the cache (the last list, every story
/// opened) when the API cannot be reached; image data local first. Concurrent loads of the
/// same thing share one run.
struct NewsService: Sendable {
    /// What a screen shows, and when it comes from the cache because the API could not be
    /// reached: when that cache was saved.
    struct Loaded<Value: Sendable>: Sendable {
        let value: Value
        let offlineCacheSavedAt: Date?
    }

    enum Error: Swift.Error, Equatable {
        /// Not the name of an image the API serves.
        case unknownImage
    }

    let httpClient: any HTTPClient
    let baseURL: URL
    let localNewsLoader: LocalNewsLoader
    let localImageLoader: LocalFeedImageDataLoader
    let resourceStore: any ResourceStore
    let currentDate: @Sendable () -> Date
    let logger: Logger
    private let lists = SharedLoads<Int, Loaded<NewsList>>()
    private let stories = SharedLoads<UUID, Loaded<NewsStory>>()
    private let images = SharedLoads<String, Data>()

    init(
        httpClient: any HTTPClient,
        baseURL: URL,
        resourceStore: any ResourceStore,
        imageStore: any FeedImageDataStore,
        currentDate: @escaping @Sendable () -> Date,
        logger: Logger
    ) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        self.resourceStore = resourceStore
        localNewsLoader = LocalNewsLoader(store: resourceStore, currentDate: currentDate)
        localImageLoader = LocalFeedImageDataLoader(store: imageStore)
        self.currentDate = currentDate
        self.logger = logger
    }

    func loadNews() async throws -> Loaded<NewsList> {
        try await lists.load(0) {
            do {
                let list = try await fetch(NewsEndpoint.list, mapper: NewsListMapper.map)
                await ignoringFailure("Could not cache the news") { try await localNewsLoader.save(list) }
                return Loaded(value: list, offlineCacheSavedAt: nil)
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                guard let saved = await cached({ try await localNewsLoader.loadList() }) else {
                    logUpstreamFailure("The news could not be loaded from the API, and the cache has none", error)
                    throw error
                }
                logger.warning("Showing the cached news: the API could not be loaded", metadata: ["error": "\(error)"])
                return Loaded(value: saved.value, offlineCacheSavedAt: saved.savedAt)
            }
        }
    }

    /// A story the API says does not exist is "not found", never an older copy; a story the
    /// API cannot be asked for is the cached one, or says it was not saved for offline.
    func loadStory(withID id: UUID) async throws -> Loaded<NewsStory> {
        try await stories.load(id) {
            do {
                let story = try await fetch(NewsEndpoint.story(id), mapper: NewsStoryMapper.map)
                await ignoringFailure("Could not cache a story", metadata: ["story": "\(id)"]) { try await localNewsLoader.save(story) }
                return Loaded(value: story, offlineCacheSavedAt: nil)
            } catch NewsStoryMapper.Error.notFound {
                logger.info("The API has no such story", metadata: ["story": "\(id)"])
                throw ResourceNotFoundError()
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                guard let saved = await cached({ try await localNewsLoader.loadStory(withID: id) }) else {
                    logUpstreamFailure("A story could not be loaded from the API, and the cache does not have it", error,
                                       metadata: ["story": "\(id)"])
                    throw error is UnreachableAPIError ? NewsStoryNotSavedOfflineError() : error
                }
                logger.warning("Showing a cached story: the API could not be loaded", metadata: ["story": "\(id)", "error": "\(error)"])
                return Loaded(value: saved.value, offlineCacheSavedAt: saved.savedAt)
            }
        }
    }

    /// The bytes of an image the API serves under `fileName`, from the cache when it has them
    /// (images are named by their content, so a cached one never changes).
    func loadImageData(named fileName: String) async throws -> Data {
        guard NewsImageName.isValid(fileName) else { throw Error.unknownImage }
        let url = NewsImageName.url(of: fileName, baseURL: baseURL)
        return try await images.load(fileName) {
            do {
                return try await localImageLoader.loadImageData(from: url)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let (data, response) = try await httpClient.get(from: url)
                if response.statusCode == 404 { throw Error.unknownImage }
                let imageData = try FeedImageDataMapper.map(data, from: response)
                await ignoringFailure("Could not cache news image data", metadata: ["image": "\(fileName)"]) {
                    try await localImageLoader.save(imageData, for: url)
                }
                return imageData
            }
        }
    }

    /// Removes the news that may no longer be shown (older than seven days).
    func validateCache() async {
        do {
            try await ResourceCacheValidation.validate(resourceStore, currentDate: currentDate())
        } catch {
            logger.error("Could not validate the news cache", metadata: ["error": "\(error)"])
        }
    }

    private func fetch<Value>(_ endpoint: NewsEndpoint, mapper: (Data, HTTPURLResponse) throws -> Value) async throws -> Value {
        let (data, response): (Data, HTTPURLResponse)
        do {
            (data, response) = try await httpClient.get(from: endpoint.url(baseURL: baseURL))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw UnreachableAPIError(underlying: error)
        }
        return try mapper(data, response)
    }

    private func cached<Value>(_ load: () async throws -> LocalNewsLoader.Saved<Value>?) async -> LocalNewsLoader.Saved<Value>? {
        do {
            return try await load()
        } catch {
            logger.warning("Could not read the news cache", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private func logUpstreamFailure(_ message: Logger.Message, _ error: any Swift.Error, metadata: Logger.Metadata = [:]) {
        logger.warning(message, metadata: metadata.merging(["error": "\(error)"]) { $1 })
    }

    private func ignoringFailure(_ message: Logger.Message, metadata: Logger.Metadata = [:], _ work: () async throws -> Void) async {
        do {
            try await work()
        } catch {
            logger.warning(message, metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }
}

/// The API could not be asked at all (no connection, timeout), as opposed to answering badly.
private struct UnreachableAPIError: Error {
    let underlying: any Error
}

/// The API serves images named by their content: 64 hexadecimal digits and the format's
/// extension. Only such names reach the API through the app.
enum NewsImageName {
    static func isValid(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, ["jpg", "png", "webp"].contains(parts[1]) else { return false }
        return parts[0].utf8.count == 64 && parts[0].utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static func url(of name: String, baseURL: URL) -> URL {
        baseURL.appending(path: "v1/images/\(name)")
    }

    /// The name of an image in an address the API gave, when it is one of the API's images.
    static func name(in url: URL) -> String? {
        let components = url.pathComponents
        guard components.count >= 3, components[components.count - 3] == "v1", components[components.count - 2] == "images",
              let name = components.last, isValid(name) else { return nil }
        return name
    }
}
