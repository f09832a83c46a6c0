import Foundation

/// What a screen shows, and — when it comes from the cache because the API could not be
/// reached — when that cache was saved.
package struct Loaded<Value: Sendable>: Sendable {
    package let value: Value
    package var offlineCacheSavedAt: Date? = nil

    package init(value: Value, offlineCacheSavedAt: Date? = nil) {
        self.value = value
        self.offlineCacheSavedAt = offlineCacheSavedAt
    }
}
