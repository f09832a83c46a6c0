import EssentialFeed
import Foundation
import Logging
import Testing
@testable import EssentialApp

/// The app starts whatever state its cache file is in: the cache is disposable.
@Suite final class AppCacheOpeningTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "app-cache-opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func existingCache_isKept() async throws {
        let feed = [uniqueImage()]
        let first = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)
        try await LocalFeedLoader(store: first, currentDate: { fixedNow }).save(feed)

        let reopened = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)

        #expect(try await LocalFeedLoader(store: reopened, currentDate: { fixedNow }).load() == feed)
    }

    @Test(arguments: [
        Data(String(repeating: "not a database\n", count: 300).utf8),
        Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
    ])
    func damagedCacheFile_isMovedAsideAndANewCacheStarted(contents: Data) async throws {
        let file = directory.appending(path: AppCacheOpening.fileName)
        try contents.write(to: file)

        let store = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)

        let setAside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".damaged-") }
        #expect(setAside.count == 1)
        #expect(try Data(contentsOf: directory.appending(path: setAside[0])) == contents, "the damaged file is kept, untouched")
        let feed = [uniqueImage()]
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)
        #expect(try await LocalFeedLoader(store: store, currentDate: { fixedNow }).load() == feed)
        #expect(try Data(contentsOf: file) != contents, "a new cache file took its place")
    }

    @Test func truncatedCacheFile_isMovedAsideAndANewCacheStarted() async throws {
        let file = directory.appending(path: AppCacheOpening.fileName)
        do {
            let original = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)
            try await LocalFeedLoader(store: original, currentDate: { fixedNow }).save((0..<200).map { _ in uniqueImage() })
        }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1_500)
        try handle.close()
        try? FileManager.default.removeItem(atPath: file.path + "-wal")
        try? FileManager.default.removeItem(atPath: file.path + "-shm")

        let store = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)

        let feed = [uniqueImage()]
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)
        #expect(try await LocalFeedLoader(store: store, currentDate: { fixedNow }).load() == feed)
        let setAside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".damaged-") }
        #expect(!setAside.isEmpty)
    }

    @Test func dataDirectoryThatCannotBeCreated_leavesTheCacheInMemory() async throws {
        let notAFolder = directory.appending(path: "a-file")
        try Data("a file where the folder would be".utf8).write(to: notAFolder)

        let store = AppCacheOpening.store(in: notAFolder.appending(path: "data"), now: fixedNow, logger: logger)

        let feed = [uniqueImage()]
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)
        #expect(try await LocalFeedLoader(store: store, currentDate: { fixedNow }).load() == feed)
    }

    private var logger: Logger {
        Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    }
}
