import EssentialFeed
import Foundation

let apiBaseURL = URL(string: "http://api.example.com/essential-feed")!

func uniqueImage(description: String? = "a description", location: String? = "a location") -> FeedImage {
    let id = UUID()
    return FeedImage(id: id, description: description, location: location, url: URL(string: "http://api.example.com/essential-feed/v1/images/\(id.uuidString)")!)
}

/// One item as `v1/image/{id}` and `v1/images/random` answer it.
func itemJSON(_ image: FeedImage) -> Data {
    try! JSONSerialization.data(withJSONObject: itemObject(image))
}

func feedJSON(_ images: [FeedImage]) -> Data {
    try! JSONSerialization.data(withJSONObject: ["items": images.map(itemObject)])
}

private func itemObject(_ image: FeedImage) -> [String: Any] {
    var item: [String: Any] = ["id": image.id.uuidString, "image": image.url.absoluteString]
    item["description"] = image.description
    item["location"] = image.location
    item["comment_count"] = image.commentCount
    item["alt"] = image.alternativeText
    if let photo = image.photo {
        item["width"] = photo.width
        item["height"] = photo.height
        item["urls"] = Dictionary(uniqueKeysWithValues: photo.urls.map { ($0.key.rawValue, $0.value.absoluteString) })
    }
    return item
}

func commentsJSON(_ comments: [(message: String, username: String, createdAt: String)]) -> Data {
    let items: [[String: Any]] = comments.map { comment in
        ["id": UUID().uuidString, "message": comment.message, "created_at": comment.createdAt, "author": ["username": comment.username]]
    }
    return try! JSONSerialization.data(withJSONObject: ["items": items])
}

/// The smallest PNG signature and header: enough for the app to know it is an image.
let pngData = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

extension Date {
    func adding(days: Int, seconds: TimeInterval = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(byAdding: .day, value: days, to: self)!.addingTimeInterval(seconds)
    }
}

extension String {
    func occurrences(of text: String) -> Int {
        components(separatedBy: text).count - 1
    }
}
