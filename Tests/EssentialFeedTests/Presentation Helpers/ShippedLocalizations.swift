import Foundation
import Testing

@testable import EssentialFeed

/// The `.strings` tables as built into the core, read file by file so tests see exactly
/// what each language provides.
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
        var tablesByLanguage: [String: [String: [String: String]]] = [:]
        for (path, data) in LocalizedStrings.shippedFiles {
            let folder = URL(filePath: path).deletingLastPathComponent().lastPathComponent
            let file = URL(filePath: path)
            guard folder.lowercased().hasSuffix(".lproj"), file.pathExtension == "strings" else { continue }
            let language = String(folder.dropLast(".lproj".count)).lowercased()
            tablesByLanguage[language, default: [:]][file.deletingPathExtension().lastPathComponent] = try readTable(data, at: file)
        }
        return ShippedLocalizations(tablesByLanguage: tablesByLanguage)
    }

    static func load(from directory: URL) throws -> ShippedLocalizations {
        var tablesByLanguage: [String: [String: [String: String]]] = [:]
        for lproj in try contents(of: directory) where lproj.pathExtension.lowercased() == "lproj" {
            let language = lproj.deletingPathExtension().lastPathComponent.lowercased()
            var tables: [String: [String: String]] = [:]
            for file in try contents(of: lproj) where file.pathExtension == "strings" {
                tables[file.deletingPathExtension().lastPathComponent] = try readTable(try Data(contentsOf: file), at: file)
            }
            tablesByLanguage[language] = tables
        }
        return ShippedLocalizations(tablesByLanguage: tablesByLanguage)
    }

    private static func contents(of directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
    }

    private static func readTable(_ data: Data, at url: URL) throws -> [String: String] {
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        guard let table = plist as? [String: String] else { throw UnreadableTable(url: url) }
        return table
    }
}
