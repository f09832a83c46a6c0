import Foundation

/// The names of the images the API serves, the news' among them: 64 hexadecimal digits (the
/// SHA-256 of the bytes) and the format's extension. Only such names reach the API through
/// the app.
public enum NewsImageName {
    // Checked byte by byte: a news screen checks the name of every picture on it.
    public static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.count == 68 || bytes.count == 69 else { return false }
        var digits = 0
        for byte in bytes.prefix(64) {
            guard (48...57).contains(byte) || (97...102).contains(byte) else { return false }
            digits += 1
        }
        let suffix = bytes.dropFirst(64)
        return digits == 64 && (suffix.elementsEqual(".jpg".utf8) || suffix.elementsEqual(".png".utf8) || suffix.elementsEqual(".webp".utf8))
    }

    /// The address of the image named `name`; only for a valid name.
    public static func url(of name: String, baseURL: URL) -> URL {
        baseURL.appending(path: "v1/images/\(name)")
    }

    /// The name of an image in an address the API gave, when it is one of the API's images.
    public static func name(in url: URL) -> String? {
        let path = url.path(percentEncoded: true).utf8
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = path[..<slash]
        guard folder.elementsEqual("v1/images".utf8) || (folder.count >= 10 && folder.suffix(10).elementsEqual("/v1/images".utf8)) else {
            return nil
        }
        let name = String(decoding: path[path.index(after: slash)...], as: UTF8.self)
        return isValid(name) ? name : nil
    }
}
