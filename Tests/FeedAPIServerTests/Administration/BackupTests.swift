import Foundation
import GRDB
import SQLiteSupport
import Synchronization
import Testing

@testable import FeedAPIStorage

@Suite("Backing up a live SQLite database")
struct BackupTests {
    private static func isOurs(_ applied: [String]) -> Bool {
        !Set(APIDatabase.migrationIdentifiers).isDisjoint(with: applied)
    }

    @Test func aBackupDuringAStreamOfCommentWrites_opens_passesItsIntegrityCheck_andHoldsEveryWriteAcknowledgedBeforeIt() async throws {
        let path = temporaryDatabasePath()
        let item = makeItem(1)
        let live = try APIDatabase.open(path: path)
        try await live.feed.append([item])
        let acknowledged = Mutex<[UUID]>([])
        // The writer says how many writes are acknowledged after each one; the test waits on that.
        let (counts, counted) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let stop = Atomic(false)
        let writer = Task {
            defer { counted.finish() }
            while !stop.load(ordering: .acquiring) {
                let comment = FeedComment(id: UUID(), message: "Comment \(UUID())", createdAt: Date(), username: "ada")
                _ = try await live.feed.addComment(comment, onImage: item.id)
                counted.yield(
                    acknowledged.withLock {
                        $0.append(comment.id)
                        return $0.count
                    })
            }
        }
        var writes = counts.makeAsyncIterator()
        while let count = await writes.next(), count < 200 {}

        let before = acknowledged.withLock { $0 }
        let destination = temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(filePath: destination).deletingLastPathComponent(), withIntermediateDirectories: true)
        let summary = try await Task.detached { try SQLiteBackup.copy(from: path, to: destination, isOurs: Self.isOurs) }.value
        let atTheEnd = acknowledged.withLock { $0.count }
        while let count = await writes.next(), count < atTheEnd + 50 {}
        stop.store(true, ordering: .releasing)
        try await writer.value

        #expect(summary.schemaVersion == APIDatabase.migrationIdentifiers.count)
        let copy = try DatabaseQueue(path: destination)
        let check = try await copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
        let restored = try APIDatabase.open(path: destination)
        let comments = try await restored.feed.comments(onImage: item.id)
        let kept = Set(try #require(comments).map(\.id))
        #expect(Set(before).isSubset(of: kept), "every write acknowledged before the backup is in it")
        #expect(kept.count < acknowledged.withLock { $0.count }, "the writes after it are not")
    }

    @Test func aBackup_neverOverwritesAFile_andRefusesAFileOfSomethingElse() throws {
        let path = temporaryDatabasePath()
        _ = try APIDatabase.open(path: path)
        let existing = temporaryDatabasePath()
        try FileManager.default.createDirectory(at: URL(filePath: existing).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(filePath: existing))
        let foreign = temporaryDatabasePath()
        try FileManager.default.createDirectory(at: URL(filePath: foreign).deletingLastPathComponent(), withIntermediateDirectories: true)
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE invoice (id INTEGER)") }

        #expect(throws: SQLiteBackup.Failure.self) { try SQLiteBackup.copy(from: path, to: existing, isOurs: Self.isOurs) }
        #expect(try Data(contentsOf: URL(filePath: existing)) == Data("keep me".utf8))
        let destination = temporaryDatabasePath()
        #expect(throws: SQLiteBackup.Failure.self) { try SQLiteBackup.copy(from: foreign, to: destination, isOurs: Self.isOurs) }
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test func aBackup_leavesWhatItDidNotCreate_whetherItFailsOrSucceeds() throws {
        let path = temporaryDatabasePath()
        _ = try APIDatabase.open(path: path)
        let foreign = temporaryDatabasePath()
        try FileManager.default.createDirectory(at: URL(filePath: foreign).deletingLastPathComponent(), withIntermediateDirectories: true)
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE invoice (id INTEGER)") }
        let destination = temporaryDatabasePath()
        let folder = URL(filePath: destination + ".partial")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("someone's work".utf8).write(to: folder.appending(path: "notes.txt"))

        #expect(throws: SQLiteBackup.Failure.self) { try SQLiteBackup.copy(from: foreign, to: destination, isOurs: Self.isOurs) }
        _ = try SQLiteBackup.copy(from: path, to: destination, isOurs: Self.isOurs)

        #expect(try Data(contentsOf: folder.appending(path: "notes.txt")) == Data("someone's work".utf8))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(Set(beside) == [URL(filePath: destination).lastPathComponent, folder.lastPathComponent], "no partial copy left: \(beside)")
    }

    @Test func aBackupIntoAFolderThatDoesNotExist_saysSo() throws {
        let path = temporaryDatabasePath()
        _ = try APIDatabase.open(path: path)
        let destination = URL(filePath: temporaryDatabasePath()).deletingLastPathComponent().appending(path: "missing/api.sqlite").path

        #expect {
            try SQLiteBackup.copy(from: path, to: destination, isOurs: Self.isOurs)
        } throws: { error in
            (error as? SQLiteBackup.Failure)?.description.contains("does not exist") == true
        }
    }
}
