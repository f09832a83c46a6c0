import Foundation

/// What one reader has seen of people, kept for reading offline: the first posts of their
/// timeline and the profiles they opened, under the shared cache rules (seven days; unreadable
/// values removed).
///
/// Everything is kept under the reader's key (`reader`, a name the caller gives each reader):
/// whom they follow, and so their timeline and the Follow buttons of a profile, is theirs
/// alone, so nothing kept for one reader ever loads for another.
public final class LocalPeopleLoader: Sendable {
    /// A value from the cache, with when it was saved (for "offline, saved 2 hours ago").
    public struct Saved<Value: Sendable>: Sendable {
        public let value: Value
        public let savedAt: Date
    }

    /// A profile with the first photos of its grid.
    public struct ProfilePage: Equatable, Sendable {
        public let profile: Profile
        public let photos: [FeedImage]

        public init(profile: Profile, photos: [FeedImage]) {
            self.profile = profile
            self.photos = photos
        }
    }

    private let timelines: LocalResourceLoader<[LocalPost]>
    private let profiles: LocalResourceLoader<LocalProfilePage>
    private let keptTimelineLength: Int
    private let store: any ResourceStore

    /// - Parameter keptTimelineLength: how many of a timeline's first posts are kept, so that
    ///   scrolling far fills no disk.
    public init(store: any ResourceStore, currentDate: @escaping @Sendable () -> Date, keptTimelineLength: Int = 100) {
        timelines = LocalResourceLoader(store: store, currentDate: currentDate)
        profiles = LocalResourceLoader(store: store, currentDate: currentDate)
        self.keptTimelineLength = keptTimelineLength
        self.store = store
    }

    /// Keeps a page of `reader`'s timeline: the first one (in place of what was kept), or the
    /// one after `imageID` when it continues the kept posts, up to the kept length.
    public func saveTimeline(_ page: [FeedImage], of reader: String, after imageID: UUID?) async throws {
        let key = Self.timelineKey(reader)
        guard let imageID else {
            try await timelines.save(page.prefix(keptTimelineLength).map(LocalPost.init), forKey: key)
            return
        }
        guard let kept = try await timelines.load(forKey: key)?.resource, kept.last?.id == imageID, kept.count < keptTimelineLength
        else { return }
        try await timelines.save(Array((kept + page.map(LocalPost.init)).prefix(keptTimelineLength)), forKey: key)
    }

    /// The kept page of `reader`'s timeline: its first `limit` posts, or the `limit` after
    /// `imageID`; `nil` when those were not kept (after an image, an empty page is not kept:
    /// the end of what was kept is not the end of the timeline).
    public func loadTimeline(of reader: String, after imageID: UUID?, limit: Int) async throws -> Saved<[FeedImage]>? {
        guard let saved = try await timelines.load(forKey: Self.timelineKey(reader)) else { return nil }
        let kept = saved.resource
        guard let imageID else { return Saved(value: kept.prefix(limit).map(\.model), savedAt: saved.savedAt) }
        guard let index = kept.firstIndex(where: { $0.id == imageID }) else { return nil }
        let page = kept[(index + 1)...].prefix(limit)
        guard !page.isEmpty else { return nil }
        return Saved(value: page.map(\.model), savedAt: saved.savedAt)
    }

    /// Keeps a profile as `reader` saw it, with the first photos of its grid.
    public func saveProfile(_ profile: Profile, photos: [FeedImage], of reader: String) async throws {
        try await profiles.save(LocalProfilePage(profile, photos: photos), forKey: Self.profileKey(profile.user.username, reader))
    }

    public func loadProfile(named username: String, of reader: String) async throws -> Saved<ProfilePage>? {
        try await profiles.load(forKey: Self.profileKey(username, reader)).map { Saved(value: $0.resource.model, savedAt: $0.savedAt) }
    }

    /// Removes everything kept for `reader`: their timeline and every profile they opened.
    public func forget(reader: String) async throws {
        try await store.deleteResources(keyedUnder: Self.readerPrefix(reader))
    }

    private static func readerPrefix(_ reader: String) -> String {
        "people/\(escaped(reader))/"
    }

    private static func timelineKey(_ reader: String) -> String {
        readerPrefix(reader) + "timeline"
    }

    private static func profileKey(_ username: String, _ reader: String) -> String {
        // Usernames are case-insensitive.
        readerPrefix(reader) + "profile/\(escaped(username.lowercased()))"
    }

    /// Escaped, no reader's key or username can reach into another's keys.
    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
