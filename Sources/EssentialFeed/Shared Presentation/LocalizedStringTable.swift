import Foundation

/// The keys of one `.strings` table, so code names strings instead of spelling keys.
public protocol LocalizedStringTable: RawRepresentable<String>, CaseIterable, Sendable {
    static var tableName: String { get }
}

extension LocalizedStringTable {
    public func localized(in locale: Locale) -> String {
        LocalizedStrings.string(rawValue, table: Self.tableName, locale: locale)
    }

    /// For strings with one `%@` placeholder.
    func localized(in locale: Locale, with argument: String) -> String {
        template(in: locale).filled(with: argument)
    }
}
