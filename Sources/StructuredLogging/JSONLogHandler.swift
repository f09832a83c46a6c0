import Foundation
import Logging
import Synchronization

/// Writes each log event as one line of JSON — `time`, `level`, `label`, `message` and the
/// event's `fields` (its metadata and the logger's) — for the journal or a log shipper to
/// read without guessing where a message ends: a newline in a message is escaped like any
/// other character.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let output: LineOutput
    private let now: @Sendable () -> Date

    /// One line per event on standard error, as the text format writes.
    public static func standardError(label: String) -> JSONLogHandler {
        JSONLogHandler(label: label, output: .standardError)
    }

    /// - Parameters:
    ///   - write: takes each line, newline included.
    ///   - now: the events' time.
    public init(label: String, now: @escaping @Sendable () -> Date = Date.init, write: @escaping @Sendable (String) -> Void) {
        self.init(label: label, output: LineOutput(write: write), now: now)
    }

    private init(label: String, output: LineOutput, now: @escaping @Sendable () -> Date = Date.init) {
        self.label = label
        self.output = output
        self.now = now
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { _, eventValue in eventValue }
        var object: [String: Any] = [
            "time": Self.timestamp(now()),
            "level": event.level.rawValue,
            "label": label,
            "message": event.message.description
        ]
        if !fields.isEmpty {
            object["fields"] = fields.mapValues(Self.jsonValue)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return
        }
        output.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    private static func jsonValue(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case let .string(string): string
        case let .stringConvertible(convertible): convertible.description
        case let .array(values): values.map(jsonValue)
        case let .dictionary(dictionary): dictionary.mapValues(jsonValue)
        }
    }

    /// RFC 3339 in UTC with milliseconds: `2026-11-25T14:03:07.250Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}

/// Where lines go, whole: events from many threads never interleave within a line.
private struct LineOutput: Sendable {
    let write: @Sendable (String) -> Void

    static let standardError: LineOutput = {
        let lock = Mutex(())
        return LineOutput { line in
            lock.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
        }
    }()
}
