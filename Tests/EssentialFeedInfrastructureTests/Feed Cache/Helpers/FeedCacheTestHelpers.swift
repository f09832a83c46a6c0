import EssentialFeed
import Foundation

func uniqueImage(description: String? = "a description", location: String? = "a location") -> LocalFeedImage {
    LocalFeedImage(id: UUID(), description: description, location: location, url: uniqueURL())
}

/// Three images, one without description or location, in an order that is
/// neither the order of their ids nor of their URLs.
func uniqueImageFeed() -> [LocalFeedImage] {
    [
        uniqueImage(),
        uniqueImage(description: nil, location: nil),
        uniqueImage(description: "only a description", location: nil)
    ]
}

/// A timestamp with sub-millisecond precision, so a store that rounds dates fails.
func anyTimestamp() -> Date {
    Date(timeIntervalSinceReferenceDate: 801_234_567.123_456_7)
}
