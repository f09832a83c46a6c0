import Logging
import Synchronization

/// Keeps every message logged through it, for tests that read what an operator would see.
public final class LogRecorder: Sendable {
    public init() {}

    private let messages = Mutex<[(Logger.Level, String)]>([])

    public var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    public var lines: [String] { messages.withLock { $0.map(\.1) } }

    /// Every message with its metadata, as one line: `message error=…`.
    public var linesWithMetadata: [String] { detailed.withLock { $0 } }
    private let detailed = Mutex<[String]>([])

    public func lines(at level: Logger.Level) -> [String] {
        messages.withLock { $0.filter { $0.0 == level }.map(\.1) }
    }

    fileprivate func record(_ level: Logger.Level, _ message: String, metadata: Logger.Metadata?) {
        messages.withLock { $0.append((level, message)) }
        let details = (metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        detailed.withLock { $0.append("\(message) \(details)") }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.record(event.level, event.message.description, metadata: event.metadata)
        }
    }
}
