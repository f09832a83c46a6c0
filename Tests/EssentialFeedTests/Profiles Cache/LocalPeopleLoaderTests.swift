import EssentialFeed
import Foundation
import Synchronization
import Testing

@Suite struct LocalPeopleLoaderTests {
    private static let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    private static let sevenDays: TimeInterval = 7 * 24 * 3_600

    @Test func savedTimelinePages_loadAsTheyWere_eachAfterItsImage() async throws {
        let (sut, _, _) = makeSUT()
        let first = [Self.image(author: Self.rita), Self.image(author: nil)]
        let next = [Self.image(author: Self.rita)]
        try await sut.saveTimeline(first, of: "ada", after: nil)
        try await sut.saveTimeline(next, of: "ada", after: first[1].id)

        let loadedFirst = try #require(try await sut.loadTimeline(of: "ada", after: nil, limit: 2))
        #expect(loadedFirst.value == first)
        #expect(loadedFirst.savedAt == Self.savedAt)
        #expect(try await sut.loadTimeline(of: "ada", after: first[1].id, limit: 2)?.value == next)
        #expect(try await sut.loadTimeline(of: "ada", after: first[0].id, limit: 1)?.value == [first[1]])
        #expect(try await sut.loadTimeline(of: "ada", after: next[0].id, limit: 2) == nil, "what comes after was not kept")
        #expect(try await sut.loadTimeline(of: "ada", after: UUID(), limit: 2) == nil)
    }

    @Test func aTimelinePage_isKeptOnlyWhenItContinuesTheKeptPosts_andOnlyTheFirstOnesAreKept() async throws {
        let (sut, _, _) = makeSUT(keptTimelineLength: 3)
        let first = [Self.image(author: nil), Self.image(author: nil)]
        try await sut.saveTimeline(first, of: "ada", after: nil)

        try await sut.saveTimeline([Self.image(author: nil)], of: "ada", after: UUID())
        try await sut.saveTimeline([Self.image(author: nil)], of: "ada", after: first[0].id)
        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10)?.value == first, "pages from elsewhere are not kept")

        let next = [Self.image(author: nil), Self.image(author: nil)]
        try await sut.saveTimeline(next, of: "ada", after: first[1].id)
        try await sut.saveTimeline([Self.image(author: nil)], of: "ada", after: next[0].id)
        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10)?.value == first + [next[0]], "bounded")

        try await sut.saveTimeline([], of: "ada", after: nil)
        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10)?.value == [], "an empty timeline is kept as one")
    }

    @Test func oneReadersTimelineAndProfiles_neverLoadForAnother() async throws {
        let (sut, _, _) = makeSUT()
        try await sut.saveTimeline([Self.image(author: Self.rita)], of: "ada", after: nil)
        try await sut.saveProfile(Self.profile, photos: [Self.image(author: Self.rita)], of: "ada")

        #expect(try await sut.loadTimeline(of: "grace", after: nil, limit: 10) == nil)
        #expect(try await sut.loadProfile(named: "rita", of: "grace") == nil)
        #expect(try await sut.loadTimeline(of: "ADA", after: nil, limit: 10) == nil, "readers' keys are the caller's, exactly")
        #expect(try await sut.loadTimeline(of: "ada/../grace", after: nil, limit: 10) == nil)
    }

    @Test func forgettingAReader_removesTheirTimelineAndProfiles_andNoOneElses() async throws {
        let (sut, _, _) = makeSUT()
        for reader in ["ada", "ada2", "ad"] {
            try await sut.saveTimeline([Self.image(author: Self.rita)], of: reader, after: nil)
            try await sut.saveProfile(Self.profile, photos: [], of: reader)
        }

        try await sut.forget(reader: "ada")

        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10) == nil)
        #expect(try await sut.loadProfile(named: "rita", of: "ada") == nil)
        for other in ["ada2", "ad"] {
            #expect(try await sut.loadTimeline(of: other, after: nil, limit: 10) != nil)
            #expect(try await sut.loadProfile(named: "rita", of: other) != nil)
        }
    }

    @Test func savedProfile_loadsWithItsPhotos_byTheNameInAnyCase() async throws {
        let (sut, _, _) = makeSUT()
        let photos = [Self.image(author: Self.rita), Self.image(author: Self.rita)]
        try await sut.saveProfile(Self.profile, photos: photos, of: "ada")

        let loaded = try #require(try await sut.loadProfile(named: "Rita", of: "ada"))
        #expect(loaded.value.profile == Self.profile)
        #expect(loaded.value.photos == photos)
        #expect(loaded.savedAt == Self.savedAt)
    }

    @Test func savedProfileAndPhotos_keepWhoMaySeeThem_andWhetherTheAccountIsLocked() async throws {
        let (sut, _, _) = makeSUT()
        var profile = Self.profile
        profile.isLocked = true
        profile.isRequestedByReader = true
        var photo = Self.image(author: Self.rita)
        photo.visibility = .followers
        try await sut.saveProfile(profile, photos: [photo], of: "ada")

        let loaded = try #require(try await sut.loadProfile(named: "rita", of: "ada"))
        #expect(loaded.value.profile.isLocked && loaded.value.profile.isRequestedByReader)
        #expect(loaded.value.photos.first?.visibility == .followers)
    }

    @Test func cache_isShownForLessThanSevenDays() async throws {
        let (sut, _, clock) = makeSUT()
        try await sut.saveTimeline([Self.image(author: nil)], of: "ada", after: nil)

        clock.set(Self.savedAt.addingTimeInterval(Self.sevenDays - 1))
        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10) != nil)
        clock.set(Self.savedAt.addingTimeInterval(Self.sevenDays))
        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10) == nil)
    }

    @Test func unreadableTimeline_isRemoved_notShown() async throws {
        let (sut, store, _) = makeSUT()
        try await sut.saveTimeline([Self.image(author: nil)], of: "ada", after: nil)
        let key = try #require(store.insertedKeys.first)
        try await store.insert(Data("not json".utf8), forKey: key, timestamp: Self.savedAt)

        #expect(try await sut.loadTimeline(of: "ada", after: nil, limit: 10) == nil)
        #expect(try await store.retrieveResource(forKey: key) == nil)
    }

    // MARK: - Helpers

    private final class Clock: Sendable {
        private let date = Mutex(LocalPeopleLoaderTests.savedAt)
        var now: Date { date.withLock { $0 } }
        func set(_ newDate: Date) { date.withLock { $0 = newDate } }
    }

    /// Remembers the keys written, so a test can damage what was saved.
    private final class KeyRecordingStore: ResourceStore {
        private let store = InMemoryResourceStore()
        private let keys = Mutex<[String]>([])
        var insertedKeys: [String] { keys.withLock { $0 } }

        func insert(_ data: Data, forKey key: String, timestamp: Date) async throws {
            keys.withLock { $0.append(key) }
            try await store.insert(data, forKey: key, timestamp: timestamp)
        }
        func retrieveResource(forKey key: String) async throws -> CachedResource? { try await store.retrieveResource(forKey: key) }
        func deleteResource(forKey key: String) async throws { try await store.deleteResource(forKey: key) }
        func deleteResources(savedUpTo date: Date) async throws { try await store.deleteResources(savedUpTo: date) }
        func deleteResources(keyedUnder prefix: String) async throws { try await store.deleteResources(keyedUnder: prefix) }
    }

    private func makeSUT(keptTimelineLength: Int = 100) -> (LocalPeopleLoader, KeyRecordingStore, Clock) {
        let store = KeyRecordingStore()
        let clock = Clock()
        return (LocalPeopleLoader(store: store, currentDate: { clock.now }, keptTimelineLength: keptTimelineLength), store, clock)
    }

    private static let rita = User(
        username: "rita", name: "Rita Moreno",
        avatar: Avatar(
            thumbURL: URL(string: "https://a.example/avatars/thumb")!, smallURL: URL(string: "https://a.example/avatars/small")!,
            averageColor: "#336699", blurHash: "LEHV6nWB2yk8"))

    private static let profile = Profile(
        user: rita, bio: "Dancer.", postsCount: 12, followersCount: 3, followingCount: 4, isFollowedByReader: true, followsReader: false)

    private static func image(author: User?) -> FeedImage {
        FeedImage(
            id: UUID(), description: "a description", location: nil, url: URL(string: "https://a.example/image")!,
            alternativeText: "alt", commentCount: 2, author: author,
            photo: FeedPhoto(
                width: 1200, height: 800, averageColor: "#112233", blurHash: "L00000fQfQfQ",
                urls: [.thumb: URL(string: "https://a.example/thumb")!, .regular: URL(string: "https://a.example/regular")!]),
            createdAt: Date(timeIntervalSince1970: 1_690_000_000), contentWarning: "Heights", editedAt: Date(timeIntervalSince1970: 1_690_000_600))
    }
}
