import Foundation

/// Whether a JPEG carries nothing but its picture: no EXIF, XMP, ICC profile, comment or any
/// other application segment besides JFIF's. Such a file, of the size the pipeline's largest
/// rendition would have, is kept as it is on import, so a photo moved between servers does not
/// lose quality to another encoding; any other file is encoded anew (which drops its metadata).
package enum PlainJPEG {
    package static func isPlain(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
            var offset = 2
            while offset + 4 <= bytes.count {
                guard bytes[offset] == 0xFF else { return false }
                let marker = bytes[offset + 1]
                if marker == 0xFF {
                    offset += 1
                    continue
                }
                // Start of scan: the headers are over, and every one was plain.
                if marker == 0xDA { return true }
                let isPictureSegment =
                    marker == 0xE0  // JFIF
                    || marker == 0xDB || marker == 0xC4 || marker == 0xDD  // quantization, Huffman, restart interval
                    || (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC  // frame headers
                guard isPictureSegment else { return false }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2 else { return false }
                offset += 2 + length
            }
            return false
        }
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
