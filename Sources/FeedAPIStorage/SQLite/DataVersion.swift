import Synchronization

/// A counter of the writes a store has committed, for response caches (see `FeedReading.dataVersion`).
///
/// It counts the writes made through this process only: one server process owns its file.
package final class DataVersion: Sendable {
    private let value = Atomic<UInt64>(0)

    package init() {}

    package var current: UInt64 {
        value.load(ordering: .acquiring)
    }

    /// Call only once the write has committed: a reader that then sees the new version is
    /// sure to read the new data, so nothing old is cached under it.
    package func bump() {
        value.add(1, ordering: .releasing)
    }
}
