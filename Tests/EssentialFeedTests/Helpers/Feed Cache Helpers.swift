import EssentialFeed
import Foundation

func uniqueFeedImage() -> FeedImage {
    FeedImage(id: UUID(), description: "any", location: "any", url: URL(string: "https://image-url.com/\(UUID().uuidString)")!)
}

/// Two images: a plain one, and one with every detail the API may give, as the cache keeps them.
func uniqueFeedImages() -> (models: [FeedImage], local: [LocalFeedImage]) {
    let thumb = URL(string: "https://image-url.com/\(UUID().uuidString)-thumb")!
    let detailed = FeedImage(
        id: UUID(), description: nil, location: "any", url: URL(string: "https://image-url.com/\(UUID().uuidString)")!,
        alternativeText: "a photo", commentCount: 3, author: User(username: "maria", name: "Maria"),
        photo: FeedPhoto(width: 1080, height: 720, averageColor: "#112233", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", urls: [.thumb: thumb]),
        createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    let models = [uniqueFeedImage(), detailed]
    let local = [
        LocalFeedImage(id: models[0].id, description: models[0].description, location: models[0].location, url: models[0].url),
        LocalFeedImage(
            id: detailed.id, description: nil, location: "any", url: detailed.url, alternativeText: "a photo", commentCount: 3,
            author: User(username: "maria", name: "Maria"),
            photo: LocalFeedPhoto(width: 1080, height: 720, averageColor: "#112233", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", urls: ["thumb": thumb]),
            createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    ]
    return (models, local)
}

extension Date {
    /// The timestamp at which a cache saved at `self` stops being valid.
    func minusFeedCacheMaxAge() -> Date {
        adding(days: -feedCacheMaxAgeInDays)
    }

    private var feedCacheMaxAgeInDays: Int { 7 }
}
