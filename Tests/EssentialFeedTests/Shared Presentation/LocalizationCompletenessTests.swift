import Foundation
import Testing

@testable import EssentialFeed

@Suite("Every language ships every string")
struct LocalizationCompletenessTests {
    private static let englishFolder = "en"

    @Test func shippedLanguages_includeEnglishBrazilianPortugueseAndGreek() throws {
        let localizations = try ShippedLocalizations.load()

        #expect(Set(["en", "pt-br", "el"]).isSubset(of: Set(localizations.languages)))
    }

    @Test func english_hasATableForEveryFeature() throws {
        let english = try ShippedLocalizations.load().tables(of: Self.englishFolder)

        #expect(
            Set(english.keys) == [
                "Feed", "Shared", "ImageComments", "Accounts", "AccountSettings", "NewPost", "News", "Profiles", "Notifications", "OwnPosts",
                "Moderation", "Privacy", "PersonalData"
            ])
    }

    @Test func everyLanguage_hasEveryTableOfEnglish() throws {
        let localizations = try ShippedLocalizations.load()
        let englishTables = Set(localizations.tables(of: Self.englishFolder).keys)

        for language in localizations.languages {
            let tables = Set(localizations.tables(of: language).keys)
            #expect(
                tables == englishTables, "\(language).lproj tables differ from en.lproj: missing \(englishTables.subtracting(tables).sorted()), extra \(tables.subtracting(englishTables).sorted())")
        }
    }

    @Test func everyTable_hasTheSameKeysInEveryLanguage() throws {
        let localizations = try ShippedLocalizations.load()
        let english = localizations.tables(of: Self.englishFolder)

        for language in localizations.languages {
            for (table, englishStrings) in english {
                let keys = Set((localizations.tables(of: language)[table] ?? [:]).keys)
                let englishKeys = Set(englishStrings.keys)
                #expect(keys == englishKeys, "\(language).lproj/\(table).strings: missing \(englishKeys.subtracting(keys).sorted()), extra \(keys.subtracting(englishKeys).sorted())")
            }
        }
    }

    @Test func everyString_isNonEmptyAndKeepsThePlaceholdersOfEnglish() throws {
        let localizations = try ShippedLocalizations.load()
        let english = localizations.tables(of: Self.englishFolder)

        for language in localizations.languages {
            for (table, strings) in localizations.tables(of: language) {
                for (key, value) in strings {
                    let entry = "\(language).lproj/\(table).strings \(key)"
                    #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(entry) is empty")
                    let englishValue = english[table]?[key] ?? ""
                    #expect(placeholders(in: value) == placeholders(in: englishValue), "\(entry) has placeholders \(placeholders(in: value)), English has \(placeholders(in: englishValue))")
                }
            }
        }
    }

    @Test func everyKeyTheCodeUses_isInItsEnglishTable() throws {
        let english = try ShippedLocalizations.load().tables(of: Self.englishFolder)

        expectEveryKey(of: FeedStrings.self, isIn: english)
        expectEveryKey(of: SharedStrings.self, isIn: english)
        expectEveryKey(of: ImageCommentsStrings.self, isIn: english)
        expectEveryKey(of: AccountsStrings.self, isIn: english)
        expectEveryKey(of: NewPostStrings.self, isIn: english)
        expectEveryKey(of: NewsStrings.self, isIn: english)
        expectEveryKey(of: ProfileStrings.self, isIn: english)
        expectEveryKey(of: AccountSettingsStrings.self, isIn: english)
        expectEveryKey(of: NotificationStrings.self, isIn: english)
        expectEveryKey(of: OwnPostStrings.self, isIn: english)
        expectEveryKey(of: ModerationStrings.self, isIn: english)
        expectEveryKey(of: PrivacyStrings.self, isIn: english)
        expectEveryKey(of: PersonalDataStrings.self, isIn: english)
    }

    @Test func everyKeyOfEnglish_isUsedByTheCode() throws {
        let english = try ShippedLocalizations.load().tables(of: Self.englishFolder)

        #expect(Set((english[FeedStrings.tableName] ?? [:]).keys) == Set(FeedStrings.allCases.map(\.rawValue)))
        #expect(Set((english[SharedStrings.tableName] ?? [:]).keys) == Set(SharedStrings.allCases.map(\.rawValue)))
        #expect(Set((english[ImageCommentsStrings.tableName] ?? [:]).keys) == Set(ImageCommentsStrings.allCases.map(\.rawValue)))
        #expect(Set((english[AccountsStrings.tableName] ?? [:]).keys) == Set(AccountsStrings.allCases.map(\.rawValue)))
        #expect(Set((english[NewPostStrings.tableName] ?? [:]).keys) == Set(NewPostStrings.allCases.map(\.rawValue)))
        #expect(Set((english[NewsStrings.tableName] ?? [:]).keys) == Set(NewsStrings.allCases.map(\.rawValue)))
        #expect(Set((english[ProfileStrings.tableName] ?? [:]).keys) == Set(ProfileStrings.allCases.map(\.rawValue)))
        #expect(Set((english[AccountSettingsStrings.tableName] ?? [:]).keys) == Set(AccountSettingsStrings.allCases.map(\.rawValue)))
        #expect(Set((english[NotificationStrings.tableName] ?? [:]).keys) == Set(NotificationStrings.allCases.map(\.rawValue)))
        #expect(Set((english[OwnPostStrings.tableName] ?? [:]).keys) == Set(OwnPostStrings.allCases.map(\.rawValue)))
        #expect(Set((english[ModerationStrings.tableName] ?? [:]).keys) == Set(ModerationStrings.allCases.map(\.rawValue)))
        #expect(Set((english[PersonalDataStrings.tableName] ?? [:]).keys) == Set(PersonalDataStrings.allCases.map(\.rawValue)))
    }

    // MARK: - Helpers

    private func expectEveryKey<Strings: LocalizedStringTable>(
        of strings: Strings.Type,
        isIn english: [String: [String: String]],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let keys = Set((english[Strings.tableName] ?? [:]).keys)
        for key in Strings.allCases.map(\.rawValue) {
            #expect(keys.contains(key), "\(key) is missing from en.lproj/\(Strings.tableName).strings", sourceLocation: sourceLocation)
        }
    }

    private func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "%") {
            let specifier = rest[range.upperBound...].prefix(1)
            found.append("%" + specifier)
            rest = rest[range.upperBound...].dropFirst(specifier.count)
        }
        return found
    }
}
