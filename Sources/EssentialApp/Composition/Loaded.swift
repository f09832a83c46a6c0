import Foundation

/// What a screen shows, and — when it comes from the cache because the API could not be
/// reached — when that cache was saved.
package struct Loaded<Value: Sendable>: Sendable {
    package let value: Value
    package var offlineCacheSavedAt: Date? = nil
    /// Where the next page starts when `value` holds no item of its own to start after: every
    /// one loaded was left out for its reader.
    package var resumesAfter: UUID? = nil

    package init(value: Value, offlineCacheSavedAt: Date? = nil) {
        self.value = value
        self.offlineCacheSavedAt = offlineCacheSavedAt
    }
}
