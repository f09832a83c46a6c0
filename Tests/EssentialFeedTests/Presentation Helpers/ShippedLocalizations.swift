import Foundation
import Testing
@testable import EssentialFeed

/// The `.strings` tables as shipped in the core's resource bundle, read file by
/// file so tests see exactly what each language provides.
struct ShippedLocalizations {
    struct UnreadableTable: Error, CustomStringConvertible {
        let url: URL
        var description: String { "Cannot read strings table at \(url.path)" }
    }

    /// Keyed by `.lproj` folder name (lower-cased: SwiftPM lower-cases them on Linux),
    /// then by table name, then by string key.
    let tablesByLanguage: [String: [String: [String: String]]]

    var languages: [String] { tablesByLanguage.keys.sorted() }

    func tables(of language: String) -> [String: [String: String]] {
        tablesByLanguage[language] ?? [:]
    }

    static func load() throws -> ShippedLocalizations {
        let directory = try #require(LocalizedStrings.resourceDirectory)
        return try load(from: directory)
    }

    static func load(from directory: URL) throws -> ShippedLocalizations {
        var tablesByLanguage: [String: [String: [String: String]]] = [:]
        for lproj in try contents(of: directory) where lproj.pathExtension.lowercased() == "lproj" {
            let language = lproj.deletingPathExtension().lastPathComponent.lowercased()
            var tables: [String: [String: String]] = [:]
            for file in try contents(of: lproj) where file.pathExtension == "strings" {
                tables[file.deletingPathExtension().lastPathComponent] = try readTable(at: file)
            }
            tablesByLanguage[language] = tables
        }
        return ShippedLocalizations(tablesByLanguage: tablesByLanguage)
    }

    private static func contents(of directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
    }

    private static func readTable(at url: URL) throws -> [String: String] {
        let data = try Data(contentsOf: url)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        guard let table = plist as? [String: String] else { throw UnreadableTable(url: url) }
        return table
    }
}
