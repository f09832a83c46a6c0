import Foundation

/// The `.lproj` folders of one directory, resolved for explicit locales.
///
/// Folder names are matched without regard to letter case because SwiftPM
/// lower-cases them on some platforms (`pt-br.lproj`). The folders are found and
/// their bundles opened once; afterwards the catalog is immutable, so any number
/// of requests can read it at the same time in different languages.
struct LocalizationCatalog: Sendable {
    let defaultLanguage: String
    /// BCP-47 ids of the languages found, the default language first.
    let languages: [String]
    private let bundlesByLanguage: [String: Bundle]

    init(directory: URL?, defaultLanguage: String) {
        let bundlesByLanguage = Self.languageBundles(in: directory)
        self.defaultLanguage = defaultLanguage
        self.bundlesByLanguage = bundlesByLanguage
        let otherLanguages = bundlesByLanguage.keys.filter { $0 != defaultLanguage }.sorted()
        self.languages = bundlesByLanguage[defaultLanguage] == nil ? otherLanguages : [defaultLanguage] + otherLanguages
    }

    func language(for locale: Locale) -> String {
        Self.candidates(for: locale).first { bundlesByLanguage[$0] != nil } ?? firstLanguage(matching: locale) ?? defaultLanguage
    }

    /// The value of `key` in the locale's language, or the default language's value
    /// when that language lacks the key or the table. The raw key only comes back
    /// when the default language lacks it too.
    func string(forKey key: String, table: String, locale: Locale) -> String {
        let defaultValue = bundlesByLanguage[defaultLanguage]?.localizedString(forKey: key, value: key, table: table) ?? key
        let language = language(for: locale)
        guard language != defaultLanguage, let bundle = bundlesByLanguage[language] else { return defaultValue }
        return bundle.localizedString(forKey: key, value: defaultValue, table: table)
    }

    // MARK: - Resolution

    /// Language and region first, then the language alone. Scripts are left out:
    /// `Locale.Language` fills in a likely script that no folder name spells.
    private static func candidates(for locale: Locale) -> [String] {
        guard let language = locale.language.languageCode?.identifier else { return [] }
        guard let region = locale.language.region?.identifier else { return [canonicalIdentifier([language])] }
        return [canonicalIdentifier([language, region]), canonicalIdentifier([language])]
    }

    /// A locale that names only a language ("pt") gets the first regional variant
    /// of it there is ("pt-BR").
    private func firstLanguage(matching locale: Locale) -> String? {
        guard let language = locale.language.languageCode?.identifier.lowercased() else { return nil }
        return languages.first { Locale.Language(identifier: $0).languageCode?.identifier.lowercased() == language }
    }

    // MARK: - Loading

    private static func languageBundles(in directory: URL?) -> [String: Bundle] {
        // Without a readable directory there are no localizations, and every
        // lookup delivers its key: the completeness tests make sure that is
        // never the case for the shipped resources.
        guard
            let directory,
            let contents = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        else { return [:] }

        var bundles: [String: Bundle] = [:]
        for folder in contents where folder.pathExtension.lowercased() == "lproj" {
            let folderName = folder.deletingPathExtension().lastPathComponent
            guard let bundle = Bundle(url: folder) else { continue }
            bundles[canonicalIdentifier(of: folderName)] = bundle
        }
        return bundles
    }

    private static func canonicalIdentifier(of folderName: String) -> String {
        let language = Locale.Language(identifier: folderName)
        guard let code = language.languageCode?.identifier else { return folderName }
        return canonicalIdentifier([code, language.region?.identifier].compactMap { $0 })
    }

    /// BCP-47 casing: lower-case language, upper-case region.
    private static func canonicalIdentifier(_ components: [String]) -> String {
        components.enumerated()
            .map { index, component in index == 0 ? component.lowercased() : component.uppercased() }
            .joined(separator: "-")
    }
}
