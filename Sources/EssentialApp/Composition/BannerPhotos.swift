import EssentialFeed
import Foundation
import Synchronization

/// The random photo over the feed.
///
/// Opening the feed shows a photo the app holds already — one the API chose for an earlier
/// refresh, or one of the photos on the screen — so a screen view costs no API request.
/// Refreshing asks the API for a new one; when the API cannot be reached, it shows one the
/// app holds (the last choices, else the cached feed's photos), or nothing.
struct BannerPhotos: Sendable {
    private let loadFromAPI: @Sendable () async -> FeedImage?
    private let cachedFeed: @Sendable () async -> [FeedImage]
    private let randomIndex: @Sendable (_ count: Int) -> Int
    private let choices: RecentChoices

    /// - Parameters:
    ///   - loadFromAPI: one request for the API's random photo; nothing when it fails.
    ///   - cachedFeed: the photos the app's cache holds, read without the API.
    ///   - randomIndex: a number from 0 up to, not including, `count`.
    init(
        keeping capacity: Int = 16,
        loadFromAPI: @escaping @Sendable () async -> FeedImage?,
        cachedFeed: @escaping @Sendable () async -> [FeedImage],
        randomIndex: @escaping @Sendable (_ count: Int) -> Int = { Int.random(in: 0..<$0) }
    ) {
        self.loadFromAPI = loadFromAPI
        self.cachedFeed = cachedFeed
        self.randomIndex = randomIndex
        choices = RecentChoices(capacity: capacity)
    }

    /// For a screen showing `items`: chosen among the API's last choices and those items,
    /// none of `leftOut` (posts its reader does not hear from).
    func photoForScreen(showing items: [FeedImage], leavingOut leftOut: Set<UUID> = []) -> FeedImage? {
        pick(among: (choices.all + items).filter { !leftOut.contains($0.id) })
    }

    /// The API's last choices, which a screen's banner may show.
    var lastChoices: [FeedImage] {
        choices.all
    }

    /// A new choice of the API's, or, when the API does not give one, one the app holds.
    func refreshedPhoto() async -> FeedImage? {
        if let photo = await loadFromAPI() {
            choices.insert(photo)
            return photo
        }
        let held = choices.all
        return pick(among: held.isEmpty ? await cachedFeed() : held)
    }

    private func pick(among photos: [FeedImage]) -> FeedImage? {
        guard !photos.isEmpty else { return nil }
        return photos[min(max(randomIndex(photos.count), 0), photos.count - 1)]
    }
}

/// The API's last choices, newest last, one per photo.
private final class RecentChoices: Sendable {
    private let capacity: Int
    private let photos = Mutex<[FeedImage]>([])

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var all: [FeedImage] {
        photos.withLock { $0 }
    }

    func insert(_ photo: FeedImage) {
        photos.withLock { photos in
            photos.removeAll { $0.id == photo.id }
            photos.append(photo)
            if photos.count > capacity { photos.removeFirst(photos.count - capacity) }
        }
    }
}
