import ArgumentParser
import EssentialFeedWebUI

/// How much of the disk the app's cache of image bytes may take, and how much of each
/// person's device the photos kept there for reading offline.
struct CacheOptions: ParsableArguments {
    static let megabyte = 1_024 * 1_024

    @Option(
        help: ArgumentHelp(
            "Megabytes of image bytes the app's cache keeps; the least recently used go first.",
            valueName: "megabytes"
        ))
    var imageCacheSize = 256

    @Option(
        help: ArgumentHelp(
            "Megabytes of photos each browser keeps for reading offline (fractions allowed, from 0.1); the least recently shown go first.",
            valueName: "megabytes"
        ))
    var offlinePhotosSize = 50.0

    func validate() throws {
        guard imageCacheSize >= 1, imageCacheSize <= 1_048_576 else {
            throw ValidationError("--image-cache-size must be from 1 to 1048576 megabytes, got \(imageCacheSize).")
        }
        guard offlinePhotosSize >= 0.1, offlinePhotosSize <= 4_096 else {
            throw ValidationError("--offline-photos-size must be from 0.1 to 4096 megabytes, got \(offlinePhotosSize).")
        }
    }

    var offlineStorage: OfflineStorage {
        OfflineStorage(photoBytesLimit: Int(offlinePhotosSize * Double(Self.megabyte)))
    }

    var imageCacheBytes: Int {
        imageCacheSize * Self.megabyte
    }
}
