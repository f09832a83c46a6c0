import Foundation

/// The core's localized strings, looked up for an explicit locale.
///
/// One process serves many languages at once, so lookups never depend on the
/// process locale or on `Bundle.preferredLocalizations`.
public enum LocalizedStrings {
    /// The language used for locales without a localization of their own, and
    /// for any string a localization lacks.
    public static var defaultLanguage: String { catalog.defaultLanguage }

    /// BCP-47 ids (`en`, `pt-BR`, `el`, …) of every shipped language, the default first.
    public static var supportedLanguages: [String] { catalog.languages }

    /// The supported language that serves `locale`: its language and region,
    /// then its language, then any region of its language, then the default.
    public static func language(for locale: Locale) -> String {
        catalog.language(for: locale)
    }

    /// The value of `key` in `table` for `locale`, or the default language's
    /// value when that language lacks it.
    public static func string(_ key: String, table: String, locale: Locale) -> String {
        catalog.string(forKey: key, table: table, locale: locale)
    }

    /// The `.strings` files built into the program, by their path under `Localization/`
    /// (`pt-BR.lproj/Feed.strings`).
    static var shippedFiles: [String: Data] {
        let folder = "Localization/"
        var files: [String: Data] = [:]
        for path in EmbeddedResources.paths where path.hasPrefix(folder) {
            files[String(path.dropFirst(folder.count))] = EmbeddedResources.data(atPath: path)
        }
        return files
    }

    private static let catalog = LocalizationCatalog(files: shippedFiles, defaultLanguage: "en")
}
