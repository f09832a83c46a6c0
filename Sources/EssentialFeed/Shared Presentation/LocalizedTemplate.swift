import Foundation

/// A localized string with `%@` placeholders, looked up once and filled many times: a page
/// fills the same few strings for each of its items.
public struct LocalizedTemplate: Sendable, Equatable {
    /// The text around the placeholders; one more part than there are placeholders.
    private let parts: [String]

    public init(_ text: String) {
        // Scanned byte by byte: a screen makes a handful of templates per request, and the
        // standard library's split by a string took a tenth of the news screen's time.
        let bytes = Array(text.utf8)
        var parts: [String] = []
        var start = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "@") {
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        self.parts = parts
    }

    /// Every placeholder replaced by `argument`, which is taken as it is (a `%@` in it stays).
    public func filled(with argument: String) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.joined(separator: argument)
    }

    /// Each placeholder replaced by the next of `arguments`, in order (an empty text when
    /// there are fewer); each is taken as it is.
    public func filled(with arguments: [String]) -> String {
        var text = parts.first ?? ""
        for (index, part) in parts.dropFirst().enumerated() {
            text += (index < arguments.count ? arguments[index] : "") + part
        }
        return text
    }
}

extension LocalizedStringTable {
    /// The string as a template, for a caller that fills it once per item of a page.
    public func template(in locale: Locale) -> LocalizedTemplate {
        LocalizedTemplate(localized(in: locale))
    }
}
