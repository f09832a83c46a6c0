import Foundation

/// A directory of its own for one test, removed with the last reference to it.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("EssentialFeedInfrastructureTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(named name: String = "feed-cache.sqlite") -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
