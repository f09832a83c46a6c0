import NIOCore

/// Splits a `multipart/form-data` body into parts as its bytes arrive (RFC 2046 §5.1 and
/// RFC 7578, as browsers and HTTP libraries send them).
///
/// Every byte sequence either parses or throws `MultipartParser.Error`: the bytes come from
/// anyone on the network, so nothing here may trap. Memory stays bounded whatever arrives:
/// a part's header block is capped, and body bytes are handed on as they come, keeping back
/// only the few that might begin the next boundary.
public struct MultipartParser: Sendable {
    public struct Header: Equatable, Sendable {
        /// As sent; compare it without regard to case.
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public enum Event: Equatable, Sendable {
        case partBegan([Header])
        case bodyBytes(ByteBuffer)
        case partEnded
    }

    public enum Error: Swift.Error, Equatable, Sendable {
        /// The bytes break the multipart syntax; says where, in words.
        case malformed(String)
        /// A part's header block is longer than `maximumHeaderBytes` or has too many lines.
        case headersTooLarge
    }

    /// One part's header block: `Content-Disposition` and `Content-Type` need far less.
    public static let maximumHeaderBytes = 8 * 1_024
    public static let maximumHeaderCount = 16

    private enum State {
        case preamble
        case afterBoundary
        case headers
        case body
        case epilogue
    }

    /// `CRLF--boundary`: what ends a part's body and starts the next boundary line.
    private let delimiter: [UInt8]
    private var state = State.preamble
    private var pending = ByteBuffer()
    private var headers: [Header] = []
    private var headerBytes = 0
    private var scannedHeaderBytes = 0

    /// - Parameter boundary: 1 to 70 characters, as `MultipartForm.boundary(ofContentType:)` gives.
    public init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The first boundary may open the body without a line break before it.
        pending.writeString("\r\n")
    }

    /// Whether the closing boundary has been read: anything after it is ignored.
    public var isComplete: Bool {
        if case .epilogue = state { true } else { false }
    }

    /// Parses `chunk` after the bytes given before, and tells what they held. Body bytes
    /// that might begin a boundary are kept back until the next chunk tells.
    public mutating func parse(_ chunk: ByteBuffer) throws(Error) -> [Event] {
        var chunk = chunk
        if case .epilogue = state { return [] }
        pending.writeBuffer(&chunk)
        var events: [Event] = []
        while try step(into: &events) {}
        if pending.readableBytes == 0 {
            pending.clear()
        } else if pending.readerIndex > 64 * 1_024 {
            pending.discardReadBytes()
        }
        return events
    }

    /// Takes one step; `false` when the bytes at hand are not enough for another.
    private mutating func step(into events: inout [Event]) throws(Error) -> Bool {
        switch state {
        case .preamble:
            guard let start = firstDelimiter() else {
                pending.moveReaderIndex(forwardBy: max(0, pending.readableBytes - (delimiter.count - 1)))
                return false
            }
            pending.moveReaderIndex(forwardBy: start + delimiter.count)
            state = .afterBoundary
            return true

        case .afterBoundary:
            return try readBoundaryLineEnd()

        case .headers:
            return try readHeaderLine(into: &events)

        case .body:
            guard let end = firstDelimiter() else {
                // Everything but a possible start of the delimiter is the part's.
                let safe = pending.readableBytes - (delimiter.count - 1)
                if safe > 0, let bytes = pending.readSlice(length: safe) { events.append(.bodyBytes(bytes)) }
                return false
            }
            if end > 0, let bytes = pending.readSlice(length: end) { events.append(.bodyBytes(bytes)) }
            pending.moveReaderIndex(forwardBy: delimiter.count)
            events.append(.partEnded)
            state = .afterBoundary
            return true

        case .epilogue:
            pending.moveReaderIndex(forwardBy: pending.readableBytes)
            return false
        }
    }

    /// After a boundary: `--` closes the body; otherwise optional spaces and a line break
    /// open a part.
    private mutating func readBoundaryLineEnd() throws(Error) -> Bool {
        while let byte = pending.getInteger(at: pending.readerIndex, as: UInt8.self), byte == .space || byte == .tab {
            pending.moveReaderIndex(forwardBy: 1)
        }
        guard pending.readableBytes >= 2, let first = pending.readInteger(as: UInt8.self), let second = pending.readInteger(as: UInt8.self) else {
            return false
        }
        switch (first, second) {
        case (.hyphen, .hyphen):
            state = .epilogue
        case (.carriageReturn, .lineFeed):
            state = .headers
            headers = []
            headerBytes = 0
            scannedHeaderBytes = 0
        default:
            throw .malformed("a boundary is followed by something other than a line break or `--`")
        }
        return true
    }

    private mutating func readHeaderLine(into events: inout [Event]) throws(Error) -> Bool {
        // Bytes already searched are not searched again, however the line arrives.
        let from = max(0, scannedHeaderBytes - 1)
        let lineEnd = pending.withUnsafeReadableBytes { bytes in Self.firstLineBreak(in: bytes, from: from) }
        guard let lineEnd else {
            scannedHeaderBytes = pending.readableBytes
            guard headerBytes + pending.readableBytes <= Self.maximumHeaderBytes else { throw .headersTooLarge }
            return false
        }
        scannedHeaderBytes = 0
        headerBytes += lineEnd + 2
        guard headerBytes <= Self.maximumHeaderBytes else { throw .headersTooLarge }
        let line = pending.readBytes(length: lineEnd) ?? []
        pending.moveReaderIndex(forwardBy: 2)
        if line.isEmpty {
            events.append(.partBegan(headers))
            state = .body
            return true
        }
        guard headers.count < Self.maximumHeaderCount else { throw .headersTooLarge }
        headers.append(try Self.header(from: line))
        return true
    }

    /// `name: value`, the name a token of visible ASCII (RFC 9110 §5.1), the value any bytes
    /// but line breaks, read as UTF-8 with what is not replaced.
    private static func header(from line: [UInt8]) throws(Error) -> Header {
        guard let colon = line.firstIndex(of: .colon), colon > 0 else {
            throw .malformed("a part's header line has no name and colon")
        }
        let name = line[..<colon]
        guard name.allSatisfy(\.isTokenCharacter) else {
            throw .malformed("a part's header name has a character a header name cannot have")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == .space || first == .tab { value.removeFirst() }
        while let last = value.last, last == .space || last == .tab { value.removeLast() }
        guard !value.contains(where: { $0 == .carriageReturn || $0 == .lineFeed || $0 == 0 }) else {
            throw .malformed("a part's header value has a control character")
        }
        return Header(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    private func firstDelimiter() -> Int? {
        let delimiter = delimiter
        return pending.withUnsafeReadableBytes { bytes in Self.firstIndex(of: delimiter, in: bytes) }
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = 0
        let lastStart = bytes.count - pattern.count
        while index <= lastStart {
            guard let candidate = bytes[index...lastStart].firstIndex(of: first) else { return nil }
            var matched = 1
            while matched < pattern.count, bytes[candidate + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// The offset of the first CRLF at or after `start`.
    private static func firstLineBreak(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == .carriageReturn, bytes[index + 1] == .lineFeed { return index }
            index += 1
        }
        return nil
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let hyphen = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")

    /// `tchar` of RFC 9110: visible ASCII but the separators.
    var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(self)
        }
    }
}
