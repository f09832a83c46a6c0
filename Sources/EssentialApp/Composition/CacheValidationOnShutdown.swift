import ServiceLifecycle

/// Leaves no expired or unreadable cache on disk after the app stops.
struct CacheValidationOnShutdown: Service {
    let feed: FeedPages
    let news: NewsService

    func run() async throws {
        try await gracefulShutdown()
        await feed.validateCache()
        await news.validateCache()
    }
}
