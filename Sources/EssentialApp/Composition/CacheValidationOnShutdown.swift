import ServiceLifecycle

/// Leaves no expired or unreadable cache on disk after the app stops.
struct CacheValidationOnShutdown: Service {
    let service: FeedService

    func run() async throws {
        try await gracefulShutdown()
        await service.validateCache()
    }
}
