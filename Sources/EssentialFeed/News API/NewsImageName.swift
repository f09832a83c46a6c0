import Foundation

/// The names of the images the API serves, the news' among them: 64 hexadecimal digits (the
/// SHA-256 of the bytes) and the format's extension. Only such names reach the API through
/// the app.
public enum NewsImageName {
    public static func isValid(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, ["jpg", "png", "webp"].contains(parts[1]) else { return false }
        return parts[0].utf8.count == 64 && parts[0].utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The address of the image named `name`; only for a valid name.
    public static func url(of name: String, baseURL: URL) -> URL {
        baseURL.appending(path: "v1/images/\(name)")
    }

    /// The name of an image in an address the API gave, when it is one of the API's images.
    public static func name(in url: URL) -> String? {
        let components = url.pathComponents
        guard components.count >= 3, components[components.count - 3] == "v1", components[components.count - 2] == "images",
              let name = components.last, isValid(name) else { return nil }
        return name
    }
}
