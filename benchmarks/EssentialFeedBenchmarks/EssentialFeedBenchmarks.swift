import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Release-mode figures for the core and its infrastructure:
/// `swift run -c release EssentialFeedBenchmarks`.
@main
struct EssentialFeedBenchmarks {
    static func main() async throws {
        let mapper = try await feedItemsMapperAgainstPlainDecoding()
        let store = try await sqliteStoreSaveThenLoad()
        let imageHit = try await imageDataCacheHit()

        let rows = mapper + [store, imageHit]
        let nameWidth = rows.map(\.name.count).max() ?? 0
        for row in rows {
            let name = row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let figure = String(format: "%10.3f ms", row.milliseconds)
            report("\(name)  \(figure)  (median of \(row.iterations))")
        }
        let ratio = mapper[0].milliseconds / mapper[1].milliseconds
        report(String(format: "FeedItemsMapper speed relative to plain JSONDecoder: %.2f (goal ≥ 0.80)", ratio))
    }

    private static func feedItemsMapperAgainstPlainDecoding() async throws -> [Measurement] {
        let payload = Payloads.feedItemsJSON(count: 10_000)
        let url = URL(string: "https://api.example.com/essential-feed/v1/feed") ?? URL(fileURLWithPath: "/")
        guard let ok = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil) else {
            throw BenchmarkError.cannotMakeResponse
        }
        let plain = try await Measurement.measure("JSONDecoder, 10,000 items (baseline)", iterations: 30) {
            _ = try JSONDecoder().decode(PlainFeedPayload.self, from: payload)
        }
        let mapped = try await Measurement.measure("FeedItemsMapper, 10,000 items", iterations: 30) {
            _ = try FeedItemsMapper.map(payload, from: ok)
        }
        return [plain, mapped]
    }

    private static func sqliteStoreSaveThenLoad() async throws -> Measurement {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("essential-feed-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let store = try GRDBFeedStore(path: directory.appendingPathComponent("cache.sqlite").path)
        let loader = LocalFeedLoader(store: store, currentDate: { Date() })
        let feed = Payloads.feed(count: 1_000)
        return try await Measurement.measure("SQLite store: save then load 1,000 items", iterations: 30) {
            try await loader.save(feed)
            let loaded = try await loader.load()
            guard loaded.count == feed.count else { throw BenchmarkError.unexpectedResult }
        }
    }

    private static func imageDataCacheHit() async throws -> Measurement {
        let store = try GRDBFeedStore.inMemory()
        let loader = LocalFeedImageDataLoader(store: store)
        let url = URL(string: "https://images.example.com/cached.png") ?? URL(fileURLWithPath: "/")
        let data = Data(repeating: 0xAB, count: 100_000)
        try await loader.save(data, for: url)
        return try await Measurement.measure("SQLite image-data cache hit (100 KB)", iterations: 1_000) {
            let loaded = try await loader.loadImageData(from: url)
            guard loaded.count == data.count else { throw BenchmarkError.unexpectedResult }
        }
    }
}

private func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

private enum BenchmarkError: Error {
    case cannotMakeResponse
    case unexpectedResult
}
