import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The news as the screens load it, with the shared `LoadingStrategies`: remote first, the
/// cache (the last list, every story opened) when the API cannot be reached; image data cache
/// first. Concurrent loads of the same thing share one run.
struct NewsService: Sendable {
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
    private let loads: LoadingStrategies
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
        loads = LoadingStrategies(logger: logger)
    }

    func loadNews() async throws -> Loaded<NewsList> {
        try await lists.load(0) {
            try await loads.remoteWithCacheFallback(
                "news",
                remote: { try await fetch(NewsEndpoint.list, mapper: NewsListMapper.map) },
                save: { list in try await localNewsLoader.save(list) },
                cached: { try await localNewsLoader.loadList().map { ($0.value, $0.savedAt as Date?) } })
        }
    }

    /// A story the API says does not exist is "not found", never an older copy; a story the
    /// API cannot be asked for is the cached one, or says it was not saved for offline.
    func loadStory(withID id: UUID) async throws -> Loaded<NewsStory> {
        try await stories.load(id) {
            try await loads.remoteWithCacheFallback(
                "story", metadata: ["story": "\(id)"],
                remote: { try await fetch(NewsEndpoint.story(id), mapper: NewsStoryMapper.map) },
                save: { story in try await localNewsLoader.save(story) },
                cached: { try await localNewsLoader.loadStory(withID: id).map { ($0.value, $0.savedAt as Date?) } },
                unavailableOffline: { $0 is UnreachableAPIError ? NewsStoryNotSavedOfflineError() : $0 })
        }
    }

    /// The bytes of an image the API serves under `fileName`, from the cache when it has them
    /// (images are named by their content, so a cached one never changes).
    func loadImageData(named fileName: String) async throws -> Data {
        guard NewsImageName.isValid(fileName) else { throw Error.unknownImage }
        let url = NewsImageName.url(of: fileName, baseURL: baseURL)
        return try await images.load(fileName) {
            do {
                return try await loads.cacheFirstData(
                    "news image data", metadata: ["image": "\(fileName)"],
                    local: { try await localImageLoader.loadImageData(from: url) },
                    remote: {
                        let (data, response) = try await httpClient.get(from: url)
                        return try FeedImageDataMapper.map(data, from: response)
                    },
                    save: { data in try await localImageLoader.save(data, for: url) })
            } catch is ResourceNotFoundError {
                throw Error.unknownImage
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
}

/// The API could not be asked at all (no connection, timeout), as opposed to answering badly.
private struct UnreachableAPIError: Error {
    let underlying: any Error
}
