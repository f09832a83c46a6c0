import EssentialFeed
import Foundation

enum Payloads {
    static func feedItemsJSON(count: Int) -> Data {
        let items = (0..<count).map { index -> [String: String] in
            var item = [
                "id": UUID().uuidString,
                "image": "https://images.example.com/\(index).png",
            ]
            if index % 3 != 0 { item["description"] = "Description of image number \(index), somewhere nice" }
            if index % 4 != 0 { item["location"] = "Location \(index)" }
            return item
        }
        // Only reachable with a non-encodable value, which the dictionary above cannot hold.
        return (try? JSONSerialization.data(withJSONObject: ["items": items])) ?? Data()
    }

    static func feed(count: Int) -> [FeedImage] {
        (0..<count).map { index in
            FeedImage(
                id: UUID(),
                description: index % 3 == 0 ? nil : "Description \(index)",
                location: index % 4 == 0 ? nil : "Location \(index)",
                url: URL(string: "https://images.example.com/\(index).png") ?? URL(fileURLWithPath: "/")
            )
        }
    }
}

/// The same payload decoded the plainest way Foundation allows: the baseline the
/// mapper is measured against.
struct PlainFeedPayload: Decodable {
    struct Item: Decodable {
        let id: UUID
        let description: String?
        let location: String?
        let image: URL
    }

    let items: [Item]
}
