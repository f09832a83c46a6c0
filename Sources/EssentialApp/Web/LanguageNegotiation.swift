import EssentialFeed
import Foundation

/// Chooses the screen's language from an `Accept-Language` header among the languages
/// the app has, by the header's preference order; the default language otherwise.
///
/// Only the first `maxTags` tags are read, and tags longer than any real language tag are
/// skipped: every tag costs a locale lookup, and a header of thousands of them must not
/// cost more than an ordinary one.
enum LanguageNegotiation {
    static let maxTags = 12
    private static let maxTagLength = 35

    static func language(forAcceptLanguage header: String?) -> String {
        for tag in preferredTags(in: header ?? "") {
            let locale = Locale(identifier: tag)
            let language = LocalizedStrings.language(for: locale)
            if languageCode(of: language) == locale.language.languageCode?.identifier.lowercased() {
                return language
            }
        }
        return LocalizedStrings.defaultLanguage
    }

    /// Tags by descending quality; equal qualities keep the header's order. `q=0` means "not this".
    private static func preferredTags(in header: String) -> [String] {
        let parts = header.split(separator: ",", maxSplits: maxTags, omittingEmptySubsequences: false).prefix(maxTags)
        let weighted = parts.enumerated().compactMap { index, part -> (tag: String, quality: Double, index: Int)? in
            guard part.utf8.count <= maxTagLength + 16 else { return nil }
            let fields = part.split(separator: ";", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, !tag.isEmpty, tag.utf8.count <= maxTagLength, tag != "*" else { return nil }
            let quality =
                fields.dropFirst()
                .first { $0.hasPrefix("q=") }
                .flatMap { Double($0.dropFirst(2)) } ?? 1
            guard quality > 0 else { return nil }
            return (tag, quality, index)
        }
        return
            weighted
            .sorted { ($0.quality, -$0.index) > ($1.quality, -$1.index) }
            .map(\.tag)
    }

    private static func languageCode(of language: String) -> String? {
        Locale.Language(identifier: language).languageCode?.identifier.lowercased()
    }
}
