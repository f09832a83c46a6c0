import Foundation

/// What one reader has seen of people, kept for reading offline: their timeline page by page
/// and the profiles they opened, under the shared cache rules (seven days; unreadable values
/// removed).
///
/// Everything is kept under the reader's name: whom they follow, and so their timeline and
/// the Follow buttons of a profile, is theirs alone, so nothing one reader saved ever loads
/// for another.
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

    public init(store: any ResourceStore, currentDate: @escaping @Sendable () -> Date) {
        timelines = LocalResourceLoader(store: store, currentDate: currentDate)
        profiles = LocalResourceLoader(store: store, currentDate: currentDate)
    }

    /// Keeps a page of `reader`'s timeline: the first one, or the one after `imageID`.
    public func saveTimeline(_ page: [FeedImage], of reader: String, after imageID: UUID?) async throws {
        try await timelines.save(page.map(LocalPost.init), forKey: Self.timelineKey(reader, after: imageID))
    }

    public func loadTimeline(of reader: String, after imageID: UUID?) async throws -> Saved<[FeedImage]>? {
        try await timelines.load(forKey: Self.timelineKey(reader, after: imageID)).map {
            Saved(value: $0.resource.map(\.model), savedAt: $0.savedAt)
        }
    }

    /// Keeps a profile as `reader` saw it, with the first photos of its grid.
    public func saveProfile(_ profile: Profile, photos: [FeedImage], of reader: String) async throws {
        try await profiles.save(LocalProfilePage(profile, photos: photos), forKey: Self.profileKey(profile.user.username, reader))
    }

    public func loadProfile(named username: String, of reader: String) async throws -> Saved<ProfilePage>? {
        try await profiles.load(forKey: Self.profileKey(username, reader)).map { Saved(value: $0.resource.model, savedAt: $0.savedAt) }
    }

    private static func timelineKey(_ reader: String, after imageID: UUID?) -> String {
        "people/\(keyPart(reader))/timeline/" + (imageID?.uuidString ?? "first")
    }

    private static func profileKey(_ username: String, _ reader: String) -> String {
        "people/\(keyPart(reader))/profile/\(keyPart(username))"
    }

    /// Usernames are case-insensitive; escaped, no name can reach into another reader's keys.
    private static func keyPart(_ username: String) -> String {
        let lowercased = username.lowercased()
        return lowercased.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? lowercased
    }
}
