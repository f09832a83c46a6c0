import NIOCore

/// Writes JSON text straight into a buffer, for the bodies served on every request.
///
/// Strings are escaped as RFC 8259 requires: quote, backslash and every control
/// character; everything else is written as its UTF-8 bytes.
struct JSONWriter {
    private(set) var buffer: ByteBuffer

    init(capacity: Int = 1024) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    mutating func raw(_ text: StaticString) {
        buffer.writeStaticString(text)
    }

    mutating func string(_ value: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var pendingStart = value.utf8.startIndex
        var index = pendingStart
        let utf8 = value.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                buffer.writeBytes(utf8[pendingStart..<index])
                writeEscaped(byte)
                pendingStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        buffer.writeBytes(utf8[pendingStart..<index])
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    mutating func integer(_ value: Int) {
        buffer.writeString(String(value))
    }

    private mutating func writeEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
        case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
        case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
        default:
            let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
            buffer.writeStaticString("\\u00")
            buffer.writeInteger(hexDigits[Int(byte >> 4)])
            buffer.writeInteger(hexDigits[Int(byte & 0x0F)])
        }
    }
}
