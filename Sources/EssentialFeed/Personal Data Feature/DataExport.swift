import Foundation

/// A person's export of their data, as the API has it: running, ready to download, or failed.
public struct DataExport: Equatable, Sendable {
    public enum State: String, Sendable {
        case running
        case ready
        case failed
    }

    public let state: State
    /// From 0 to 1.
    public let progress: Double
    /// The archive's size in bytes, once ready.
    public let size: Int?
    /// When a ready archive is deleted.
    public let expiresAt: Date?

    public init(state: State, progress: Double, size: Int? = nil, expiresAt: Date? = nil) {
        self.state = state
        self.progress = progress
        self.size = size
        self.expiresAt = expiresAt
    }
}
