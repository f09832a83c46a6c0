import Foundation
import Testing
@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct APIDatabaseTests {
    @Test func databaseFolderThatCannotBeMade_isRefusedWithAMessageNamingTheFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "api-database-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "a-file")
        try Data("a file where a folder would be".utf8).write(to: file)
        let folder = file.appending(path: "data")

        let error = #expect(throws: DatabaseFolderUnavailable.self) {
            _ = try APIDatabase.open(path: folder.appending(path: "api.sqlite").path)
        }

        #expect(error?.description.contains(folder.path) == true)
    }
}
