import CoreMetrics
import FeedAPIStorage
import Synchronization

/// Encoded responses kept for as long as the data they were made from is current.
///
/// Each entry belongs to a data version (`FeedReading.dataVersion`): asking with a newer
/// version drops everything older, so a response is never served after the data changed.
/// Holds at most `capacity` entries, dropping the least recently used first.
final class ResponseCache<Key: Hashable & Sendable>: Sendable {
    private struct Entry {
        let response: CachedResponse
        var lastUse: UInt64
    }

    private struct State {
        var version: UInt64 = 0
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0

        mutating func adopt(_ newVersion: UInt64) {
            guard newVersion > version else { return }
            version = newVersion
            entries.removeAll(keepingCapacity: true)
        }
    }

    private let capacity: Int
    private let state = Mutex(State())
    private let hits: Counter?
    private let misses: Counter?

    /// - Parameters:
    ///   - name: which answers it keeps, for its hits and misses in `metrics`.
    init(capacity: Int, name: String = "", metrics: (any MetricsFactory)? = nil) {
        self.capacity = max(1, capacity)
        let counter = { (result: String) in
            metrics.map { Counter(label: "response_cache_lookups_total", dimensions: [("cache", name), ("result", result)], factory: $0) }
        }
        hits = counter("hit")
        misses = counter("miss")
    }

    func response(for key: Key, version: UInt64) -> CachedResponse? {
        let found = state.withLock { state -> CachedResponse? in
            state.adopt(version)
            guard state.version == version, var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.response
        }
        (found == nil ? misses : hits)?.increment()
        return found
    }

    /// Keeps `response`, made from data read at `version` or later, unless newer data has been seen since.
    func store(_ response: CachedResponse, for key: Key, version: UInt64) {
        state.withLock { state in
            state.adopt(version)
            guard state.version == version else { return }
            if state.entries[key] == nil, state.entries.count >= capacity,
                let leastRecentlyUsed = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries[leastRecentlyUsed] = nil
            }
            state.clock += 1
            state.entries[key] = Entry(response: response, lastUse: state.clock)
        }
    }

    var count: Int {
        state.withLock { $0.entries.count }
    }
}
