import Foundation
import MediaPipeline

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
            var reader = JPEGMarkerReader(bytes: bytes)
            guard reader.startOfImage() else { return false }
            var (sawJFIF, sawScan) = (false, false)
            var (headerBytes, segments) = (0, [UInt8: Int]())
            // Only markers and their fill stand between segments: any other byte is hidden data.
            while let marker = reader.markerHere() {
                // The end of the image: the file must end with it.
                if marker == 0xD9 { return sawScan && reader.offset == bytes.count }
                guard let segment = reader.segment() else { return false }
                headerBytes += 4 + segment.count
                segments[marker, default: 0] += 1
                guard headerBytes <= maximumHeaderBytes, segments[marker, default: 0] <= maximumSegments[marker, default: 1] else { return false }
                switch marker {
                case 0xE0:
                    guard !sawJFIF, isBareJFIFHeader(segment) else { return false }
                    sawJFIF = true
                case 0xDB, 0xC4, 0xDD:  // quantization, Huffman, restart interval
                    break
                case 0xC0...0xCF where marker != 0xC8 && marker != 0xCC:  // frame headers
                    break
                case 0xDA:
                    sawScan = true
                    reader.skipEntropyCodedData()
                default:
                    return false
                }
            }
            return false
        }
    }

    /// JFIF's own header and nothing more: its 14 bytes, and no thumbnail.
    private static func isBareJFIFHeader(_ payload: UnsafeRawBufferPointer) -> Bool {
        payload.count == 14 && payload.prefix(5).elementsEqual(Data("JFIF\0".utf8)) && payload[12] == 0 && payload[13] == 0
    }
}
