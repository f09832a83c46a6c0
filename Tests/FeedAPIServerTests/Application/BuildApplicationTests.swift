import Foundation
import Testing
@testable import FeedAPIServer

@Suite struct BuildApplicationTests {
    @Test func databaseFolderThatCannotBeMade_isRefusedWithAMessageNamingTheFolder() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "build-application-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "a-file")
        try Data("a file where a folder would be".utf8).write(to: file)
        let folder = file.appending(path: "data")

        let error = await #expect(throws: DatabaseFolderUnavailable.self) {
            _ = try await buildApplication(FeedAPIConfiguration(port: 0, databasePath: folder.appending(path: "api.sqlite").path))
        }

        #expect(error?.description.contains(folder.path) == true)
    }
}
