import Foundation

/// A localized string with `%@` placeholders, looked up once and filled many times: a page
/// fills the same few strings for each of its items.
public struct LocalizedTemplate: Sendable, Equatable {
    /// The text around the placeholders; one more part than there are placeholders.
    private let parts: [String]

    public init(_ text: String) {
        parts = text.split(separator: "%@", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every placeholder replaced by `argument`, which is taken as it is (a `%@` in it stays).
    public func filled(with argument: String) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.joined(separator: argument)
    }
}

extension LocalizedStringTable {
    /// The string as a template, for a caller that fills it once per item of a page.
    public func template(in locale: Locale) -> LocalizedTemplate {
        LocalizedTemplate(localized(in: locale))
    }
}
