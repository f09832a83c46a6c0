import Foundation

/// The `.lproj` folders of one directory, resolved for explicit locales.
///
/// Folder names are matched without regard to letter case because SwiftPM
/// lower-cases them on some platforms (`pt-br.lproj`). Every `.strings` table of every
/// folder is read once, when the catalog is made; afterwards it is immutable, so any
/// number of requests read it at the same time in different languages, and a lookup is
/// a few dictionary reads (a page renders dozens of strings).
struct LocalizationCatalog: Sendable {
    typealias Table = [String: String]

    let defaultLanguage: String
    /// BCP-47 ids of the languages found, the default language first.
    let languages: [String]
    private let tablesByLanguage: [String: [String: Table]]

    init(directory: URL?, defaultLanguage: String) {
        self.init(files: Self.files(in: directory), defaultLanguage: defaultLanguage)
    }

    /// - Parameter files: the `.strings` files' bytes by their path, `<language>.lproj/<table>.strings`.
    init(files: [String: Data], defaultLanguage: String) {
        let tablesByLanguage = Self.languageTables(of: files)
        self.defaultLanguage = defaultLanguage
        self.tablesByLanguage = tablesByLanguage
        let otherLanguages = tablesByLanguage.keys.filter { $0 != defaultLanguage }.sorted()
        self.languages = tablesByLanguage[defaultLanguage] == nil ? otherLanguages : [defaultLanguage] + otherLanguages
    }

    func language(for locale: Locale) -> String {
        // A locale made from one of the catalog's own ids, as the app's are, needs no parsing.
        if tablesByLanguage[locale.identifier] != nil { return locale.identifier }
        return Self.candidates(for: locale).first { tablesByLanguage[$0] != nil } ?? firstLanguage(matching: locale) ?? defaultLanguage
    }

    /// The value of `key` in the locale's language, or the default language's value
    /// when that language lacks the key or the table. The raw key only comes back
    /// when the default language lacks it too.
    func string(forKey key: String, table: String, locale: Locale) -> String {
        let language = language(for: locale)
        if language != defaultLanguage, let value = tablesByLanguage[language]?[table]?[key] {
            return value
        }
        return tablesByLanguage[defaultLanguage]?[table]?[key] ?? key
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

    /// The `.strings` files of the `.lproj` folders in `directory`, by their path in it.
    private static func files(in directory: URL?) -> [String: Data] {
        // Without a readable directory there are no localizations, and every
        // lookup delivers its key: the completeness tests make sure that is
        // never the case for the shipped resources.
        guard
            let directory,
            let contents = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        else { return [:] }
        var files: [String: Data] = [:]
        for folder in contents where folder.pathExtension.lowercased() == "lproj" {
            for file in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] {
                files["\(folder.lastPathComponent)/\(file.lastPathComponent)"] = try? Data(contentsOf: file)
            }
        }
        return files
    }

    private static func languageTables(of files: [String: Data]) -> [String: [String: Table]] {
        var tablesByLanguage: [String: [String: Table]] = [:]
        for (path, data) in files {
            let components = path.split(separator: "/")
            guard components.count == 2, let folder = components.first, let file = components.last,
                folder.lowercased().hasSuffix(".lproj"), file.hasSuffix(".strings")
            else { continue }
            let language = canonicalIdentifier(of: String(folder.dropLast(".lproj".count)))
            tablesByLanguage[language, default: [:]][String(file.dropLast(".strings".count))] = strings(in: data)
        }
        return tablesByLanguage
    }

    /// A `.strings` file's keys and values; an unreadable file is an empty table, so its
    /// lookups fall back to the default language (and the completeness tests fail).
    private static func strings(in data: Data) -> Table {
        (try? PropertyListSerialization.propertyList(from: data, format: nil) as? Table) ?? [:]
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
