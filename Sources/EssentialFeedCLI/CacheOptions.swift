import ArgumentParser

/// How much of the disk the app's cache of image bytes may take.
struct CacheOptions: ParsableArguments {
    static let megabyte = 1_024 * 1_024

    @Option(help: ArgumentHelp(
        "Megabytes of image bytes the app's cache keeps; the least recently used go first.",
        valueName: "megabytes"
    ))
    var imageCacheSize = 256

    func validate() throws {
        guard imageCacheSize >= 1, imageCacheSize <= 1_048_576 else {
            throw ValidationError("--image-cache-size must be from 1 to 1048576 megabytes, got \(imageCacheSize).")
        }
    }

    var imageCacheBytes: Int {
        imageCacheSize * Self.megabyte
    }
}
