import Foundation
import MediaPipeline
import PhotoFixtures
import Synchronization
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Importing a folder of photos")
struct PhotoImportTests {
    private let folder: URL
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-import-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("trip"), withIntermediateDirectories: true)
    }

    @Test func photoFiles_findsPhotoExtensionsInSubfolders_inPathOrder_leavingOutHiddenAndOtherFiles() throws {
        try write(Data("x".utf8), to: "b.JPG")
        try write(Data("x".utf8), to: "trip/a.webp")
        try write(Data("x".utf8), to: "a.png")
        try write(Data("x".utf8), to: "notes.txt")
        try write(Data("x".utf8), to: ".hidden.jpg")

        let files = try PhotoImport.photoFiles(under: folder)

        #expect(files.map { ImportReport.relativePath(of: $0, in: folder) } == ["a.png", "b.JPG", "trip/a.webp"])
    }

    @Test func photoFiles_failsClearlyForAMissingFolder() {
        #expect(throws: PhotoImport.Failure.unreadableFolder(folder.appendingPathComponent("missing").path)) {
            try PhotoImport.photoFiles(under: folder.appendingPathComponent("missing"))
        }
    }

    @Test func run_importsEachPhotoAsTheAuthors_lastPathFirstInTheFeed_withItsSidecarDescription() async throws {
        let (sut, repository) = try await makeSUT()
        try write(try PhotoFixtures.photo(width: 300, height: 200, seed: 1), to: "a.jpg")
        try write(try PhotoFixtures.photo(width: 200, height: 300, format: .png, seed: 2), to: "b.png")
        try write(try PhotoFixtures.photo(width: 250, height: 250, format: .webp, seed: 3), to: "trip/c.webp")
        try write(Data("  Harbour at dawn \n".utf8), to: "a.txt")
        let reported = Mutex<[PhotoImport.Progress]>([])

        let summary = await sut.run(try PhotoImport.photoFiles(under: folder)) { progress in reported.withLock { $0.append(progress) } }

        #expect(summary == PhotoImport.Summary(imported: 3, skipped: 0, failures: []))
        #expect(reported.withLock { $0.map(\.done) } == [1, 2, 3])
        let feed = try await repository.feedPage(after: nil, limit: 10)
        #expect(feed.prefix(3).map { $0.photo?.width } == [250, 200, 300])
        #expect(feed.prefix(3).allSatisfy { $0.author?.username == "alice" && $0.createdAt == now })
        #expect(feed[2].description == "Harbour at dawn")
        #expect(feed[0].description == nil)
    }

    @Test func run_twice_importsNothingTwice_andSkipsIdenticalFilesWithinARun() async throws {
        let (sut, repository) = try await makeSUT()
        let photo = try PhotoFixtures.photo(width: 300, height: 200, seed: 1)
        try write(photo, to: "a.jpg")
        try write(photo, to: "copy of a.jpg")
        try write(try PhotoFixtures.photo(width: 300, height: 200, seed: 2), to: "b.jpg")
        let files = try PhotoImport.photoFiles(under: folder)

        let first = await sut.run(files)
        let second = await sut.run(files)

        #expect(first == PhotoImport.Summary(imported: 2, skipped: 1, failures: []))
        #expect(second == PhotoImport.Summary(imported: 0, skipped: 3, failures: []))
        #expect(try await repository.feedPage(after: nil, limit: 10).count == 3)
    }

    @Test func run_reportsEachFailedFileWithItsReason_andImportsTheRest() async throws {
        let (sut, repository) = try await makeSUT()
        let jpeg = try PhotoFixtures.photo(width: 300, height: 200, seed: 1)
        try write(Data("not a photo".utf8), to: "a-text.jpg")
        try write(jpeg.prefix(jpeg.count / 2), to: "b-truncated.jpg")
        try write(Data(), to: "c-empty.png")
        try write(PhotoFixtures.pngClaiming(width: 20_000, height: 20_000), to: "d-bomb.png")
        try write(jpeg, to: "e-good.jpg")

        let summary = await sut.run(try PhotoImport.photoFiles(under: folder))

        #expect(summary.imported == 1)
        #expect(summary.failures.map { $0.file.lastPathComponent } == ["a-text.jpg", "b-truncated.jpg", "c-empty.png", "d-bomb.png"])
        #expect(summary.failures[0].reason == "is not a JPEG, PNG or WebP image")
        #expect(summary.failures[1].reason.hasPrefix("is corrupt or cut short"))
        #expect(summary.failures[2].reason == "is empty")
        #expect(summary.failures[3].reason == "is 20000 × 20000 pixels; at most 50000000 are taken")
        #expect(try await repository.feedPage(after: nil, limit: 10).count == 2)
    }

    @Test func open_refusesAnUnknownAuthor() async throws {
        let path = temporaryDatabasePath()
        _ = try await makeRepository(path: path)

        await #expect(throws: PhotoImport.Failure.unknownAuthor("nobody")) {
            try await PhotoImport.open(try APIDatabase.open(path: path), author: "nobody")
        }
    }

    // MARK: - Helpers

    private func makeSUT() async throws -> (PhotoImport, SQLiteFeedRepository) {
        let repository = try await makeRepository(items: [makeItem(1)])
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice", passwordHash: PasswordHasher.unusableHash, createdAt: now)
        let now = now
        return (PhotoImport(repository: repository, author: "alice", parallelism: 2, now: { now }), repository)
    }

    private func write(_ data: Data, to name: String) throws {
        try data.write(to: folder.appendingPathComponent(name))
    }
}

@Suite("What the import writes")
struct ImportReportTests {
    private let folder = URL(fileURLWithPath: "/photos", isDirectory: true)

    @Test func bar_showsDoneOfTotal_theRate_andTheTimeLeft() {
        let sut = ImportReport()

        #expect(sut.bar(done: 0, total: 40, elapsed: 0, width: 10) == "[----------]  0/40")
        #expect(sut.bar(done: 10, total: 40, elapsed: 4, width: 10) == "[##--------]  10/40  2.5 photos/s  0:12 left")
        #expect(sut.bar(done: 40, total: 40, elapsed: 8, width: 10) == "[##########]  40/40  5.0 photos/s  0:00 left")
        #expect(sut.bar(done: 1, total: 10_000, elapsed: 1, width: 10).hasSuffix("2:46:39 left"))
    }

    @Test func line_namesTheFileAndWhatBecameOfIt() {
        let sut = ImportReport()
        let file = folder.appendingPathComponent("trip/beach.jpg")

        #expect(sut.line(for: .init(file: file, outcome: .imported, done: 3, total: 9), relativeTo: folder) == "3/9 imported trip/beach.jpg")
        #expect(
            sut.line(for: .init(file: file, outcome: .skipped, done: 3, total: 9), relativeTo: folder)
                == "3/9 skipped trip/beach.jpg (already imported)")
        #expect(
            sut.line(for: .init(file: file, outcome: .failed(reason: "is empty"), done: 3, total: 9), relativeTo: folder)
                == "3/9 failed trip/beach.jpg: is empty")
    }

    @Test func summary_countsEachOutcome_andListsTheFailures() {
        let summary = PhotoImport.Summary(
            imported: 5, skipped: 2, failures: [.init(file: folder.appendingPathComponent("a.jpg"), reason: "is empty")])

        #expect(ImportReport().summary(summary, relativeTo: folder) == "Imported 5, skipped 2 already imported, failed 1.\n  a.jpg: is empty\n")
    }
}
