import EssentialFeed
import Foundation

/// Builds a feed payload as the API sends it, with the wire keys spelled out.
func makeFeedItemsJSON(_ items: [[String: Any]]) -> Data {
    try! JSONSerialization.data(withJSONObject: ["items": items])
}

func makeFeedItem(
    id: UUID = UUID(),
    description: String? = nil,
    location: String? = nil,
    imageURL: URL = URL(string: "https://an-image-url.com/image.jpg")!
) -> (model: FeedImage, json: [String: Any]) {
    let model = FeedImage(id: id, description: description, location: location, url: imageURL)
    var json: [String: Any] = ["id": id.uuidString, "image": imageURL.absoluteString]
    json["description"] = description
    json["location"] = location
    return (model, json)
}
