import EssentialFeed
import Foundation

func uniqueFeedImage() -> FeedImage {
    FeedImage(id: UUID(), description: "any", location: "any", url: URL(string: "https://image-url.com/\(UUID().uuidString)")!)
}

func uniqueFeedImages() -> (models: [FeedImage], local: [LocalFeedImage]) {
    let models = [uniqueFeedImage(), uniqueFeedImage()]
    let local = models.map { LocalFeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
    return (models, local)
}

extension Date {
    /// The timestamp at which a cache saved at `self` stops being valid.
    func minusFeedCacheMaxAge() -> Date {
        adding(days: -feedCacheMaxAgeInDays)
    }

    private var feedCacheMaxAgeInDays: Int { 7 }
}
