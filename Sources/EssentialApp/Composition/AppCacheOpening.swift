import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Logging

/// Opens the app's cache without ever refusing to start over it: the cache is disposable,
/// the feed is not. A damaged file is moved aside, its new path logged, and a new cache
/// started; a data directory that cannot be written leaves the cache in memory only.
enum AppCacheOpening {
    static let fileName = "app-cache.sqlite"

    static func store(in directory: URL, now: Date, logger: Logger) -> any AppCacheStore {
        store(in: directory, imageDataCapacity: GRDBFeedStore.defaultImageDataCapacity, logger: logger, now: { now })
    }

    /// The cache in `directory`, started again whenever damage turns up, at start or later.
    static func store(
        in directory: URL,
        imageDataCapacity: Int,
        logger: Logger,
        now: @escaping @Sendable () -> Date
    ) -> any AppCacheStore {
        let file = directory.appending(path: fileName)
        let opened = open(file, in: directory, imageDataCapacity: imageDataCapacity, logger: logger, now: now)
        guard opened is GRDBFeedStore else { return opened }
        return SelfHealingFeedStore(store: opened, isDamage: GRDBFeedStore.isDamagedFile) {
            logger.warning("The cache file turned out damaged while in use", metadata: ["cache": "\(file.path)"])
            return startAgain(file, in: directory, imageDataCapacity: imageDataCapacity, damage: nil, logger: logger, now: now)
        }
    }

    private static func open(
        _ file: URL,
        in directory: URL,
        imageDataCapacity: Int,
        logger: Logger,
        now: @Sendable () -> Date
    ) -> any AppCacheStore {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return try GRDBFeedStore(path: file.path, imageDataCapacity: imageDataCapacity)
        } catch  where GRDBFeedStore.isDamagedFile(error) {
            return startAgain(file, in: directory, imageDataCapacity: imageDataCapacity, damage: error, logger: logger, now: now)
        } catch {
            return inMemory(because: error, directory: directory, imageDataCapacity: imageDataCapacity, logger: logger)
        }
    }

    private static func startAgain(
        _ file: URL,
        in directory: URL,
        imageDataCapacity: Int,
        damage: (any Error)?,
        logger: Logger,
        now: () -> Date
    ) -> any AppCacheStore {
        do {
            let setAside = try moveAside(file, now: now())
            logger.warning(
                "The cache file was damaged: moved it aside and started a new cache",
                metadata: [
                    "damaged": "\(setAside.path)", "cache": "\(file.path)", "error": "\(damage.map { "\($0)" } ?? "found while in use")"
                ])
            return try GRDBFeedStore(path: file.path, imageDataCapacity: imageDataCapacity)
        } catch {
            return inMemory(because: error, directory: directory, imageDataCapacity: imageDataCapacity, logger: logger)
        }
    }

    /// The file and its write-ahead log files, renamed with the moment they were set aside.
    static func moveAside(_ file: URL, now: Date) throws -> URL {
        let stamp = now.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeSeparator(.omitted))
        let setAside = file.deletingLastPathComponent().appending(path: "\(file.lastPathComponent).damaged-\(stamp)")
        let fileManager = FileManager.default
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(filePath: file.path + suffix)
            guard fileManager.fileExists(atPath: source.path) else { continue }
            try fileManager.moveItem(at: source, to: URL(filePath: setAside.path + suffix))
        }
        return setAside
    }

    private static func inMemory(
        because error: any Error,
        directory: URL,
        imageDataCapacity: Int,
        logger: Logger
    ) -> any AppCacheStore {
        logger.error(
            "Cannot keep the cache in the data directory: serving the feed with a cache in memory only",
            metadata: [
                "directory": "\(directory.path)", "error": "\(error)"
            ])
        return InMemoryFeedStore(imageDataCapacity: imageDataCapacity)
    }
}
