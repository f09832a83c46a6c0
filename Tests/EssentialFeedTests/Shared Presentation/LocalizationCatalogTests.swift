import Foundation
import Testing

@testable import EssentialFeed

@Suite("Localization catalog over a folder of .lproj tables")
struct LocalizationCatalogTests {
    @Test func string_findsLanguageFoldersRegardlessOfLetterCase() throws {
        let fixture = try LocalizationDirectoryFixture([
            "en": ["Table": ["GREETING": "Hello"]],
            "pt-br": ["Table": ["GREETING": "Olá"]],
            "EL": ["Table": ["GREETING": "Γεια σας"]]
        ])
        defer { fixture.remove() }
        let sut = makeSUT(directory: fixture.url)

        #expect(sut.string(forKey: "GREETING", table: "Table", locale: Locale(identifier: "pt_BR")) == "Olá")
        #expect(sut.string(forKey: "GREETING", table: "Table", locale: Locale(identifier: "el_GR")) == "Γεια σας")
        #expect(sut.languages == ["en", "el", "pt-BR"])
    }

    @Test func string_prefersTheLanguageAndRegionOverTheLanguageAlone() throws {
        let fixture = try LocalizationDirectoryFixture([
            "en": ["Table": ["COLOR": "Color"]],
            "en-GB": ["Table": ["COLOR": "Colour"]]
        ])
        defer { fixture.remove() }
        let sut = makeSUT(directory: fixture.url)

        #expect(sut.string(forKey: "COLOR", table: "Table", locale: Locale(identifier: "en_GB")) == "Colour")
        #expect(sut.string(forKey: "COLOR", table: "Table", locale: Locale(identifier: "en_US")) == "Color")
        #expect(sut.string(forKey: "COLOR", table: "Table", locale: Locale(identifier: "en")) == "Color")
    }

    @Test func string_fallsBackToTheEnglishValueForAKeyMissingFromTheLanguage() throws {
        let fixture = try LocalizationDirectoryFixture([
            "en": ["Table": ["TRANSLATED": "Translated", "UNTRANSLATED": "Only in English"]],
            "el": ["Table": ["TRANSLATED": "Μεταφρασμένο"]]
        ])
        defer { fixture.remove() }
        let sut = makeSUT(directory: fixture.url)

        #expect(sut.string(forKey: "TRANSLATED", table: "Table", locale: Locale(identifier: "el")) == "Μεταφρασμένο")
        #expect(sut.string(forKey: "UNTRANSLATED", table: "Table", locale: Locale(identifier: "el")) == "Only in English")
    }

    @Test func string_fallsBackToTheEnglishValueForATableMissingFromTheLanguage() throws {
        let fixture = try LocalizationDirectoryFixture([
            "en": ["Table": ["KEY": "English"], "Other": ["KEY": "Other English"]],
            "el": ["Table": ["KEY": "Ελληνικά"]]
        ])
        defer { fixture.remove() }
        let sut = makeSUT(directory: fixture.url)

        #expect(sut.string(forKey: "KEY", table: "Other", locale: Locale(identifier: "el")) == "Other English")
    }

    @Test func string_deliversEnglishForALanguageWithoutLocalization() throws {
        let fixture = try LocalizationDirectoryFixture([
            "en": ["Table": ["KEY": "English"]],
            "el": ["Table": ["KEY": "Ελληνικά"]]
        ])
        defer { fixture.remove() }
        let sut = makeSUT(directory: fixture.url)

        #expect(sut.string(forKey: "KEY", table: "Table", locale: Locale(identifier: "fr_FR")) == "English")
        #expect(sut.language(for: Locale(identifier: "fr_FR")) == "en")
    }

    @Test func string_deliversTheKeyWhenNoLocalizationsExist() {
        let missingDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("no-localizations-\(UUID().uuidString)", isDirectory: true)
        let sut = makeSUT(directory: missingDirectory)

        #expect(sut.string(forKey: "KEY", table: "Table", locale: Locale(identifier: "el")) == "KEY")
        #expect(sut.languages.isEmpty)
        #expect(sut.language(for: Locale(identifier: "el")) == "en")
    }

    // MARK: - Helpers

    private func makeSUT(directory: URL) -> LocalizationCatalog {
        LocalizationCatalog(directory: directory, defaultLanguage: "en")
    }
}
