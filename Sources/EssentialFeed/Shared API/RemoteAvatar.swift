import Foundation

/// An `avatar` as the API writes it (`null`, or `{color, blur_hash, urls: {thumb, small}}`),
/// read leniently: a picture the app cannot use leaves the person without one rather than
/// failing what carries them.
struct RemoteAvatar: Decodable {
    let model: Avatar?

    private struct Fields: Decodable {
        let color: String?
        let blurHash: String?
        let urls: [String: String]

        private enum CodingKeys: String, CodingKey {
            case color, urls
            case blurHash = "blur_hash"
        }
    }

    init(from decoder: any Decoder) throws {
        guard let fields = try? Fields(from: decoder),
            let thumb = fields.urls["thumb"].flatMap(Self.webURL), let small = fields.urls["small"].flatMap(Self.webURL)
        else {
            model = nil
            return
        }
        let color = fields.color.flatMap { $0.range(of: "^#[0-9A-Fa-f]{6}$", options: .regularExpression) == nil ? nil : $0 }
        model = Avatar(thumbURL: thumb, smallURL: small, averageColor: color, blurHash: fields.blurHash.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Only an absolute `http` or `https` URL is an image address a page may show.
    private static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url
    }
}
