import NIOCore

/// One block of a Server-Sent Events stream as its server wrote it — an event, a comment
/// (a heartbeat) or a `retry:` — with the blank line that ends it.
struct EventStreamBlock: Sendable {
    enum Kind: Equatable, Sendable {
        /// An event; `name` is its `event:` field (`message` when it has none).
        case event(name: String)
        case retry
        case comment
    }

    let bytes: ByteBuffer
    let kind: Kind
    /// The event's `id:` field, when it has one.
    let id: String?
}

/// Cuts a Server-Sent Events stream into blocks as its chunks arrive: a chunk may hold
/// several blocks or part of one. A block longer than `maximumBlockSize` without its end is
/// not a stream this app's API writes; reading stops there.
struct EventStreamBlocks {
    struct BlockTooLong: Error {}

    static let maximumBlockSize = 64 * 1024

    private var pending = ByteBuffer()

    mutating func append(_ chunk: ByteBuffer) throws(BlockTooLong) -> [EventStreamBlock] {
        var chunk = chunk
        pending.writeBuffer(&chunk)
        var blocks: [EventStreamBlock] = []
        while let end = Self.endOfFirstBlock(in: pending) {
            guard let bytes = pending.readSlice(length: end) else { break }
            blocks.append(Self.block(bytes))
        }
        guard pending.readableBytes <= Self.maximumBlockSize else { throw BlockTooLong() }
        pending.discardReadBytes()
        return blocks
    }

    /// The length of the first block up to and with its blank line (`\n\n`), if it is whole.
    private static func endOfFirstBlock(in buffer: ByteBuffer) -> Int? {
        buffer.withUnsafeReadableBytes { bytes -> Int? in
            guard bytes.count >= 2 else { return nil }
            for index in 1..<bytes.count where bytes[index] == UInt8(ascii: "\n") && bytes[index - 1] == UInt8(ascii: "\n") {
                return index + 1
            }
            return nil
        }
    }

    private static func block(_ bytes: ByteBuffer) -> EventStreamBlock {
        var name: String?
        var id: String?
        var isRetry = false
        var isComment = true
        for line in String(buffer: bytes).split(separator: "\n") {
            if line.hasPrefix(":") { continue }
            isComment = false
            let (field, value) = fieldAndValue(line)
            switch field {
            case "event": name = value
            case "id": id = value
            case "retry": isRetry = true
            default: break
            }
        }
        let kind: EventStreamBlock.Kind =
            if isComment { .comment } else if isRetry && name == nil && id == nil { .retry } else { .event(name: name ?? "message") }
        return EventStreamBlock(bytes: bytes, kind: kind, id: id)
    }

    /// A line's field and value: `field: value`, the one space after the colon not part of the value.
    private static func fieldAndValue(_ line: Substring) -> (Substring, String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (line[..<colon], String(value))
    }
}
