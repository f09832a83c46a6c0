import Foundation
import MediaPipeline

/// Photos made in the tests: painted pixels encoded by libvips, and the byte-level changes
/// (EXIF blocks, truncation, forged headers) that real uploads bring.
public enum PhotoFixtures {
    /// `width` × `height` RGB pixels: the top-left quarter red, the rest a grey-blue whose
    /// green `seed` shifts, so photos of different seeds differ.
    public static func pixels(width: Int, height: Int, seed: Int = 0) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 3)
        let rest = [UInt8(70), UInt8(truncatingIfNeeded: 90 + seed * 37), 120]
        for y in 0..<height {
            for x in 0..<width {
                bytes += (x < width / 2 && y < height / 2) ? [230, 20, 20] : rest
            }
        }
        return bytes
    }

    public static func photo(width: Int, height: Int, format: PhotoFormat = .jpeg, seed: Int = 0) throws -> Data {
        try PixelEncoder.encode(pixels(width: width, height: height, seed: seed), width: width, height: height, bands: 3, as: format)
    }

    /// A PNG whose left half is fully transparent and right half opaque black.
    public static func pngWithAlpha(width: Int, height: Int) throws -> Data {
        var bytes = [UInt8]()
        for _ in 0..<height {
            for x in 0..<width {
                bytes += x < width / 2 ? [0, 0, 0, 0] : [0, 0, 0, 255]
            }
        }
        return try PixelEncoder.encode(bytes, width: width, height: height, bands: 4, as: .png)
    }

    /// `jpeg` with an EXIF block right after its start marker, as a phone writes it: an
    /// orientation and a GPS position (latitude 48° 51′ 24″ N).
    public static func withEXIF(_ jpeg: Data, orientation: UInt16) -> Data {
        var tiff = Data("II".utf8) + le16(42) + le32(8)
        // IFD0 at 8: Orientation, and the GPS IFD's offset (38).
        tiff += le16(2)
        tiff += le16(0x0112) + le16(3) + le32(1) + le16(orientation) + le16(0)
        tiff += le16(0x8825) + le16(4) + le32(1) + le32(38)
        tiff += le32(0)
        // GPS IFD at 38: latitude reference and latitude (three rationals at 68).
        tiff += le16(2)
        tiff += le16(0x0001) + le16(2) + le32(2) + Data("N\0".utf8) + le16(0)
        tiff += le16(0x0002) + le16(5) + le32(3) + le32(68)
        tiff += le32(0)
        for (numerator, denominator) in [(48, 1), (51, 1), (24, 1)] as [(UInt32, UInt32)] {
            tiff += le32(numerator) + le32(denominator)
        }
        let payload = Data("Exif\0\0".utf8) + tiff
        let length = UInt16(payload.count + 2)
        let segment = Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]) + payload
        return jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }

    /// A valid PNG header claiming `width` × `height` pixels, followed by a few bytes of
    /// image data: tiny on disk, enormous once decoded.
    public static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        var ihdr = Data("IHDR".utf8) + be32(width) + be32(height)
        ihdr += Data([8, 2, 0, 0, 0])  // 8-bit RGB, deflate, no filter, no interlace
        let idat = Data("IDAT".utf8) + Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        let end = Data("IEND".utf8)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        for chunk in [ihdr, idat, end] {
            png += be32(UInt32(chunk.count - 4)) + chunk + be32(crc32(chunk))
        }
        return png
    }

    /// The markers of `jpeg`'s header segments, up to the start of the scan.
    public static func segmentMarkers(of jpeg: Data) -> [UInt8] {
        let bytes = [UInt8](jpeg)
        var markers = [UInt8]()
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            index += 2 + Int(bytes[index + 2]) << 8 + Int(bytes[index + 3])
        }
        return markers
    }

    /// `progressive` with its last scan repeated `count` more times before the end of the
    /// image: a decoder warns and decodes every repetition, each a pass over the whole image.
    public static func withRepeatedLastScan(_ progressive: Data, count: Int) -> Data {
        let bytes = [UInt8](progressive)
        var lastScan = 0
        for index in 0..<(bytes.count - 1) where bytes[index] == 0xFF && bytes[index + 1] == 0xDA { lastScan = index }
        let end = bytes.count - 2  // the end-of-image marker
        let scan = bytes[lastScan..<end]
        var repeated = Data(bytes[..<end])
        for _ in 0..<count { repeated += scan }
        return repeated + Data([0xFF, 0xD9])
    }

    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func be32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
