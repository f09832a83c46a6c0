import Foundation

/// What a screen shows, and — when it comes from the cache because the API could not be
/// reached — when that cache was saved.
struct Loaded<Value: Sendable>: Sendable {
    let value: Value
    var offlineCacheSavedAt: Date? = nil
}
