import NIOCore

/// Writes JSON text straight into a buffer, for the bodies served on every request.
///
/// Strings are escaped as RFC 8259 requires: quote, backslash and every control
/// character; everything else is written as its UTF-8 bytes. Objects are written field by
/// field, the writer placing the commas; keys are the encoders' own constants.
struct JSONWriter {
    private(set) var buffer: ByteBuffer
    /// How deep the object being written is, and, a bit a level, whether it has a field yet.
    private var depth = 0
    private var levelsWithFields: UInt64 = 0

    init(capacity: Int = 1024) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
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

    /// `{`, the fields `fields` writes, `}`.
    mutating func object(_ fields: (inout JSONWriter) -> Void) {
        buffer.writeInteger(UInt8(ascii: "{"))
        depth += 1
        levelsWithFields &= ~(1 << UInt64(depth % 64))
        fields(&self)
        depth -= 1
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    /// `[`, each element as `element` writes it, `]`.
    mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void) {
        buffer.writeInteger(UInt8(ascii: "["))
        var isFirst = true
        for value in elements {
            if !isFirst { buffer.writeInteger(UInt8(ascii: ",")) }
            isFirst = false
            element(&self, value)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    /// A field's key, after a comma unless it is the object's first; its value comes next.
    mutating func key(_ name: StaticString) {
        let level: UInt64 = 1 << UInt64(depth % 64)
        if levelsWithFields & level != 0 { buffer.writeInteger(UInt8(ascii: ",")) }
        levelsWithFields |= level
        buffer.writeInteger(UInt8(ascii: "\""))
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        buffer.writeStaticString(value ? "true" : "false")
    }

    /// `"name":null`, for a key that is always there.
    mutating func nullField(_ name: StaticString) {
        key(name)
        buffer.writeStaticString("null")
    }

    /// Left out when `value` is `nil`.
    mutating func optionalField(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: StaticString, _ fields: (inout JSONWriter) -> Void) {
        key(name)
        object(fields)
    }

    mutating func field<Elements: Sequence>(
        _ name: StaticString, array elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void
    ) {
        key(name)
        array(elements, element)
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
