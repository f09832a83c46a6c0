import Foundation

/// The wire format of a news image, `{url, alt, width, height, blur_hash}` with `color` and
/// `urls` besides; each extra is read on its own, so one the app cannot use is left out.
struct RemoteNewsImage: Decodable {
    let image: NewsImage

    private enum CodingKeys: String, CodingKey {
        case url, alt, width, height, color, urls
        case blurHash = "blur_hash"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .url)
        let width = try container.decode(Int.self, forKey: .width)
        let height = try container.decode(Int.self, forKey: .height)
        guard let url = URL(string: text), url.scheme != nil, (1...100_000).contains(width), (1...100_000).contains(height) else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "Not an image: \(text), \(width) × \(height)")
        }
        let blurHash = try container.decode(String.self, forKey: .blurHash)
        let color = ((try? container.decodeIfPresent(String.self, forKey: .color)) ?? nil).flatMap(Self.hexColor)
        let remoteURLs = ((try? container.decodeIfPresent([String: String].self, forKey: .urls)) ?? nil) ?? [:]
        var urls = [FeedImageSize: URL]()
        for (name, text) in remoteURLs {
            guard let size = FeedImageSize(rawValue: name), let url = URL(string: text), url.scheme != nil else { continue }
            urls[size] = url
        }
        image = NewsImage(
            url: url, alternativeText: try container.decode(String.self, forKey: .alt),
            photo: FeedPhoto(
                width: width, height: height, averageColor: color,
                blurHash: (6...100).contains(blurHash.count) ? blurHash : nil, urls: urls))
    }

    private static func hexColor(_ text: String) -> String? {
        text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit) ? text : nil
    }
}
