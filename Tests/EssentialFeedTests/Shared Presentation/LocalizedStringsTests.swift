import EssentialFeed
import Foundation
import Testing

@Suite("Localized strings for an explicit locale")
struct LocalizedStringsTests {
    @Test(arguments: [
        ("en", "en"),
        ("en_US", "en"),
        ("pt-BR", "pt-BR"),
        ("pt_BR", "pt-BR"),
        ("pt", "pt-BR"),
        ("el-GR", "el"),
        ("el_GR", "el"),
        ("el", "el"),
        ("es_MX", "es"),
        ("fr", "en"),
        ("fr_FR", "en"),
        ("", "en")
    ])
    func language_resolvesLocaleToASupportedLanguage(localeIdentifier: String, expectedLanguage: String) {
        #expect(LocalizedStrings.language(for: Locale(identifier: localeIdentifier)) == expectedLanguage)
    }

    @Test func supportedLanguages_listsEveryShippedLanguageAsBCP47WithTheDefaultFirst() {
        let languages = LocalizedStrings.supportedLanguages

        #expect(languages.first == "en")
        #expect(languages.first == LocalizedStrings.defaultLanguage)
        #expect(Set(["en", "pt-BR", "el"]).isSubset(of: Set(languages)))
        #expect(languages.count == Set(languages).count)
    }

    @Test(arguments: [
        ("en", "My Feed"),
        ("pt-BR", "Meu Feed"),
        ("pt_BR", "Meu Feed"),
        ("pt", "Meu Feed"),
        ("el-GR", "Το Feed μου"),
        ("el", "Το Feed μου"),
        ("fr", "My Feed")
    ])
    func string_deliversTheValueOfTheLocalesLanguage(localeIdentifier: String, expectedTitle: String) {
        let title = LocalizedStrings.string("FEED_VIEW_TITLE", table: "Feed", locale: Locale(identifier: localeIdentifier))

        #expect(title == expectedTitle)
    }

    @Test func string_deliversEveryLanguageCorrectlyUnderConcurrentUse() async {
        let lookups: [(locale: String, key: String, table: String, expected: String)] = [
            ("en", "FEED_VIEW_TITLE", "Feed", "My Feed"),
            ("pt-BR", "FEED_VIEW_TITLE", "Feed", "Meu Feed"),
            ("el-GR", "FEED_VIEW_TITLE", "Feed", "Το Feed μου"),
            ("fr", "FEED_VIEW_TITLE", "Feed", "My Feed"),
            ("en", "GENERIC_CONNECTION_ERROR", "Shared", "Couldn't connect to server"),
            ("pt_BR", "GENERIC_CONNECTION_ERROR", "Shared", "Não foi possível conectar com o servidor"),
            ("el", "GENERIC_CONNECTION_ERROR", "Shared", "Δεν ήταν δυνατή η σύνδεση στο διακομιστή"),
            ("en", "IMAGE_COMMENTS_VIEW_TITLE", "ImageComments", "Comments"),
            ("pt", "IMAGE_COMMENTS_VIEW_TITLE", "ImageComments", "Comentários"),
            ("el_GR", "IMAGE_COMMENTS_VIEW_TITLE", "ImageComments", "Σχόλια")
        ]

        let mismatches = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<50 {
                for lookup in lookups {
                    group.addTask {
                        let value = LocalizedStrings.string(lookup.key, table: lookup.table, locale: Locale(identifier: lookup.locale))
                        return value == lookup.expected ? nil : "\(lookup.locale) \(lookup.key): \(value)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { mismatches, mismatch in
                if let mismatch { mismatches.append(mismatch) }
            }
        }

        #expect(mismatches.isEmpty)
    }
}
