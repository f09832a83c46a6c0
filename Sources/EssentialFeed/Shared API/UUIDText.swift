import Foundation

/// An id as `UUID.uuidString` writes it — upper-case hex in groups of 8-4-4-4-12 — by table
/// look-up: on Linux `uuidString` goes through the C library's formatted printing, and a page
/// writes each of its photos' ids into half a dozen addresses.
public enum UUIDText {
    public static func string(from id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var written = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    text[written] = hexDigit(byte >> 4)
                    text[written + 1] = hexDigit(byte & 0x0F)
                    written += 2
                }
                return written
            }
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
