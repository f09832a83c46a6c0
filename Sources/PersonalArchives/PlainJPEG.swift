import Foundation

/// Whether a JPEG carries nothing but its picture: no EXIF, XMP, ICC profile, comment, JFIF
/// thumbnail or extension, or any other application segment, and nothing after its end. Such a
/// file, of the size the pipeline's largest rendition would have, is kept as it is on import,
/// so a photo moved between servers does not lose quality to another encoding; any other file
/// is encoded anew (which drops whatever else it held).
package enum PlainJPEG {
    /// The bytes of all its segments together: the pipeline's own JPEGs use about 700 (two
    /// quantization tables, ten scans each with its Huffman table); tables never used could
    /// otherwise carry anything.
    static let maximumHeaderBytes = 4_096
    /// At most 4 quantization tables exist; a progressive JPEG defines Huffman tables per scan.
    static let maximumSegments: [UInt8: Int] = [0xDB: 4, 0xC4: 32, 0xDA: 32]

    package static func isPlain(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
            var offset = 2
            var (sawJFIF, sawScan, inScan) = (false, false, false)
            var (headerBytes, segments) = (0, [UInt8: Int]())
            while offset + 1 < bytes.count {
                if inScan {
                    // Entropy-coded data: a 0xFF in it is stuffed (0x00), a restart marker, fill,
                    // or the next segment's marker.
                    guard bytes[offset] == 0xFF else {
                        offset += 1
                        continue
                    }
                    let next = bytes[offset + 1]
                    if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                        offset += next == 0xFF ? 1 : 2
                        continue
                    }
                    inScan = false
                }
                guard bytes[offset] == 0xFF else { return false }
                let marker = bytes[offset + 1]
                if marker == 0xFF {
                    offset += 1
                    continue
                }
                // The end of the image: the file must end with it.
                if marker == 0xD9 { return sawScan && offset + 2 == bytes.count }
                guard offset + 4 <= bytes.count else { return false }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2, offset + 2 + length <= bytes.count else { return false }
                headerBytes += 2 + length
                segments[marker, default: 0] += 1
                guard headerBytes <= maximumHeaderBytes, segments[marker, default: 0] <= maximumSegments[marker, default: 1] else { return false }
                switch marker {
                case 0xE0:
                    guard !sawJFIF, isBareJFIFHeader(bytes, at: offset, length: length) else { return false }
                    sawJFIF = true
                case 0xDB, 0xC4, 0xDD:  // quantization, Huffman, restart interval
                    break
                case 0xC0...0xCF where marker != 0xC8 && marker != 0xCC:  // frame headers
                    break
                case 0xDA:
                    (sawScan, inScan) = (true, true)
                default:
                    return false
                }
                offset += 2 + length
            }
            return false
        }
    }

    /// JFIF's own header and nothing more: its 14 bytes, and no thumbnail.
    private static func isBareJFIFHeader(_ bytes: UnsafeRawBufferPointer, at offset: Int, length: Int) -> Bool {
        guard length == 16 else { return false }
        let identifier: [UInt8] = [0x4A, 0x46, 0x49, 0x46, 0x00]  // "JFIF\0"
        return identifier.indices.allSatisfy { bytes[offset + 4 + $0] == identifier[$0] }
            && bytes[offset + 16] == 0 && bytes[offset + 17] == 0
    }
}

/// The width and height a JPEG's frame header gives.
package enum JPEGSize {
    package static func of(_ data: Data) -> (Int, Int)? {
        data.withUnsafeBytes { bytes -> (Int, Int)? in
            guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
            var offset = 2
            while offset + 9 <= bytes.count {
                guard bytes[offset] == 0xFF else { return nil }
                let marker = bytes[offset + 1]
                if marker == 0xFF {
                    offset += 1
                    continue
                }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                    let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                    return (width, height)
                }
                if marker == 0xDA { return nil }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2 else { return nil }
                offset += 2 + length
            }
            return nil
        }
    }
}
