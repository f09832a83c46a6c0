import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// What a response's content is, for the service worker that keeps a person's screens on
/// their device: it keeps only what carries `Essential-Feed-Keep` — `fresh` (the API's
/// answer just now: saved on the device's clock) or `saved=<milliseconds since 1970>` (the
/// app's own cache stood in for the API: saved then, so the device's seven days count from
/// that time, not from when it was passed on).
enum OfflineKeeping {
    static let header = HTTPField.Name("Essential-Feed-Keep")!
    /// On kept content: when its session ends (milliseconds since 1970); the device shows it
    /// no longer.
    static let sessionEndsHeader = HTTPField.Name("Essential-Feed-Session-Ends")!

    /// Filled in while a response is rendered when the app's cache stood in for the API.
    final class CacheFallback: Sendable {
        @TaskLocal static var current: CacheFallback?

        private let savedAt = Mutex<Date?>(nil)
        private let happened = Mutex(false)

        func record(savedAt date: Date?) {
            happened.withLock { $0 = true }
            savedAt.withLock { $0 = date }
        }

        /// `nil`: the content is fresh; `.some(nil)`: from the cache, saved at an unknown time.
        var cacheSavedAt: Date?? {
            happened.withLock { $0 } ? .some(savedAt.withLock { $0 }) : nil
        }
    }

    /// Renders with a fallback recorder in place, then marks the response.
    static func marking(_ render: () async throws -> Response) async throws -> Response {
        let fallback = CacheFallback()
        var response = try await CacheFallback.$current.withValue(fallback) { try await render() }
        response.markKeptOffline(cacheSavedAt: fallback.cacheSavedAt)
        return response
    }
}

extension Response {
    /// Marks content a device may keep for reading offline: only whole answers (`200`), and
    /// from the app's cache only when it knows when that was saved.
    mutating func markKeptOffline(cacheSavedAt: Date?? = nil) {
        guard status == .ok else { return }
        switch cacheSavedAt {
        case .none:
            headers[OfflineKeeping.header] = "fresh"
        case let .some(.some(date)):
            headers[OfflineKeeping.header] = "saved=\(Int64((date.timeIntervalSince1970 * 1_000).rounded()))"
        case .some(.none):
            break
        }
    }
}
