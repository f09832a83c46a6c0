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
        Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
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

    @Test func cacheFileThatCannotBeWritten_leavesTheCacheInMemoryAndTheFileAsItIs() async throws {
        let inTheWay = directory.appending(path: AppCacheOpening.fileName)
        try FileManager.default.createDirectory(at: inTheWay, withIntermediateDirectories: true)

        let store = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)

        let feed = [uniqueImage()]
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)
        #expect(try await LocalFeedLoader(store: store, currentDate: { fixedNow }).load() == feed)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: inTheWay.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func damageFoundWhileInUse_setsTheFileAsideAndTheCacheKeepsWorking() async throws {
        let file = directory.appending(path: AppCacheOpening.fileName)
        let feed = [uniqueImage(), uniqueImage()]
        let pattern = Data(repeating: 0xAB, count: 40_000)
        do {
            let original = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)
            try await LocalFeedLoader(store: original, currentDate: { fixedNow }).save(feed)
            try await original.insert(pattern, for: feed[0].url)
        }
        try breakTheChainOfAnOverflowPage(filledWith: 0xAB, in: file)
        let store = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)
        #expect(try await LocalFeedLoader(store: store, currentDate: { fixedNow }).load() == feed, "the damage is only in the image pages")

        let data = try await store.retrieve(dataForURL: feed[0].url)

        #expect(data == nil, "the damaged image pages went with the file set aside")
        let setAside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".damaged-") }
        #expect(!setAside.isEmpty)
        try await store.insert(pattern, for: feed[0].url)
        #expect(try await store.retrieve(dataForURL: feed[0].url) == pattern)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)
        #expect(try await LocalFeedLoader(store: store, currentDate: { fixedNow }).load() == feed)
    }

    @Test func newsSavedInTheCache_isKeptAcrossRestarts() async throws {
        let news = NewsList(title: "Cat News", items: [])
        let first = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)
        try await LocalNewsLoader(store: first, currentDate: { fixedNow }).save(news)

        let reopened = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)

        #expect(try await LocalNewsLoader(store: reopened, currentDate: { fixedNow }).loadList()?.value == news)
    }

    @Test func damageFoundByANewsRead_setsTheFileAsideAndTheNewsCacheKeepsWorking() async throws {
        let file = directory.appending(path: AppCacheOpening.fileName)
        let pattern = Data(repeating: 0xCD, count: 40_000)
        do {
            let original = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)
            try await original.insert(pattern, forKey: "news/list", timestamp: fixedNow)
        }
        try breakTheChainOfAnOverflowPage(filledWith: 0xCD, in: file)
        let store = AppCacheOpening.store(in: directory, now: fixedNow, logger: logger)

        let read = try await store.retrieveResource(forKey: "news/list")

        #expect(read == nil, "the damaged value went with the file set aside")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.contains(".damaged-") })
        try await store.insert(pattern, forKey: "news/list", timestamp: fixedNow)
        #expect(try await store.retrieveResource(forKey: "news/list")?.data == pattern)
    }

    /// Points the first overflow page full of `byte` at a page past the end of the file,
    /// as a lost or torn write could: SQLite then finds the file malformed when it reads
    /// that value, and only then.
    private func breakTheChainOfAnOverflowPage(filledWith byte: UInt8, in file: URL) throws {
        var contents = try Data(contentsOf: file)
        let pageSize = 4_096
        let page = try #require(
            stride(from: pageSize, to: contents.count, by: pageSize).first { start in
                contents[(start + 4)..<(start + pageSize)].allSatisfy { $0 == byte }
            })
        contents.replaceSubrange(page..<(page + 4), with: [0x7F, 0xFF, 0xFF, 0xFF])
        try contents.write(to: file)
    }

    private var logger: Logger {
        Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    }
}
