import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Logging

/// Opens the app's cache without ever refusing to start over it: the cache is disposable,
/// the feed is not. A damaged file is moved aside, its new path logged, and a new cache
/// started; a data directory that cannot be written leaves the cache in memory only.
enum AppCacheOpening {
    static let fileName = "app-cache.sqlite"

    static func store(in directory: URL, now: Date, logger: Logger) -> any FeedStore & FeedImageDataStore {
        let file = directory.appending(path: fileName)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return try GRDBFeedStore(path: file.path)
        } catch where GRDBFeedStore.isDamagedFile(error) {
            do {
                let setAside = try moveAside(file, now: now)
                logger.warning("The cache file was damaged: moved it aside and started a new cache", metadata: [
                    "damaged": "\(setAside.path)", "cache": "\(file.path)", "error": "\(error)",
                ])
                return try GRDBFeedStore(path: file.path)
            } catch {
                return inMemory(because: error, directory: directory, logger: logger)
            }
        } catch {
            return inMemory(because: error, directory: directory, logger: logger)
        }
    }

    /// The file and its write-ahead log files, renamed with the moment they were set aside.
    private static func moveAside(_ file: URL, now: Date) throws -> URL {
        let stamp = now.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeSeparator(.omitted))
        let setAside = file.deletingLastPathComponent().appending(path: "\(file.lastPathComponent).damaged-\(stamp)")
        let fileManager = FileManager.default
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(filePath: file.path + suffix)
            guard fileManager.fileExists(atPath: source.path) else { continue }
            try fileManager.moveItem(at: source, to: URL(filePath: setAside.path + suffix))
        }
        return setAside
    }

    private static func inMemory(because error: any Error, directory: URL, logger: Logger) -> any FeedStore & FeedImageDataStore {
        logger.error("Cannot keep the cache in the data directory: serving the feed with a cache in memory only", metadata: [
            "directory": "\(directory.path)", "error": "\(error)",
        ])
        return InMemoryFeedStore()
    }
}
