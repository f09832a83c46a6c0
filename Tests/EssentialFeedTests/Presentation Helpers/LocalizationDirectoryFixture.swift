import Foundation

/// Writes `.lproj` folders with `.strings` tables into a fresh temporary directory,
/// to exercise localization lookup against tables the test controls.
struct LocalizationDirectoryFixture {
    let url: URL

    /// - Parameter tables: `.lproj` folder name → table name → key → value.
    init(_ tables: [String: [String: [String: String]]]) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("localization-fixture-\(UUID().uuidString)", isDirectory: true)
        for (folder, tablesOfFolder) in tables {
            let lproj = url.appendingPathComponent("\(folder).lproj", isDirectory: true)
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            for (table, strings) in tablesOfFolder {
                let contents =
                    strings
                    .map { key, value in "\"\(Self.escaped(key))\" = \"\(Self.escaped(value))\";" }
                    .joined(separator: "\n")
                try Data(contents.utf8).write(to: lproj.appendingPathComponent("\(table).strings"))
            }
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
