import Foundation

/// The news kept for reading offline: the last list loaded and every story opened, under the
/// shared cache rules (seven days; unreadable values removed).
public final class LocalNewsLoader: Sendable {
    /// A value from the cache, with when it was saved (for "offline, saved 2 hours ago").
    public struct Saved<Value: Sendable>: Sendable {
        public let value: Value
        public let savedAt: Date
    }

    private static let listKey = "news/list"

    private let lists: LocalResourceLoader<LocalNewsList>
    private let stories: LocalResourceLoader<LocalNewsStory>

    public init(store: any ResourceStore, currentDate: @escaping @Sendable () -> Date) {
        lists = LocalResourceLoader(store: store, currentDate: currentDate)
        stories = LocalResourceLoader(store: store, currentDate: currentDate)
    }

    public func save(_ list: NewsList) async throws {
        try await lists.save(LocalNewsList(list), forKey: Self.listKey)
    }

    public func loadList() async throws -> Saved<NewsList>? {
        try await lists.load(forKey: Self.listKey).map { Saved(value: $0.resource.model, savedAt: $0.savedAt) }
    }

    public func save(_ story: NewsStory) async throws {
        try await stories.save(LocalNewsStory(story), forKey: Self.storyKey(story.id))
    }

    public func loadStory(withID id: UUID) async throws -> Saved<NewsStory>? {
        try await stories.load(forKey: Self.storyKey(id)).map { Saved(value: $0.resource.model, savedAt: $0.savedAt) }
    }

    private static func storyKey(_ id: UUID) -> String {
        "news/story/\(id.uuidString)"
    }
}
