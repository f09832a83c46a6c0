import CZlib
import Foundation

/// A strict PNG reader for tests: checks the signature, every chunk's CRC,
/// the IHDR fields, and that the IDAT stream inflates to exactly one filter
/// byte plus one scanline per row, then reverses the row filters.
struct DecodedPNG {
    let width: Int
    let height: Int
    let bytesPerPixel: Int
    let chunkTypes: [String]
    let filterTypes: [UInt8]
    let pixels: [UInt8]
}

enum PNGTestDecoder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func decode(_ data: Data) throws -> DecodedPNG {
        let bytes = [UInt8](data)
        guard bytes.starts(with: signature) else { throw Failure(description: "bad signature") }

        var offset = signature.count
        var chunkTypes: [String] = []
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure(description: "truncated chunk at \(offset)") }
            let length = Int(bigEndianUInt32(bytes, at: offset))
            let typeStart = offset + 4
            let dataStart = typeStart + 4
            let crcStart = dataStart + length
            guard crcStart + 4 <= bytes.count else { throw Failure(description: "chunk overruns file") }
            let type = String(decoding: bytes[typeStart..<dataStart], as: UTF8.self)
            let typeAndData = Array(bytes[typeStart..<crcStart])
            let expectedCRC = typeAndData.withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
            }
            guard bigEndianUInt32(bytes, at: crcStart) == expectedCRC else {
                throw Failure(description: "bad CRC in \(type)")
            }
            let chunkData = Array(bytes[dataStart..<crcStart])
            switch type {
            case "IHDR": header = chunkData
            case "IDAT": compressed += chunkData
            default: break
            }
            chunkTypes.append(type)
            offset = crcStart + 4
        }

        guard chunkTypes.first == "IHDR", header.count == 13 else { throw Failure(description: "IHDR must come first") }
        guard chunkTypes.last == "IEND" else { throw Failure(description: "IEND must come last") }
        let width = Int(bigEndianUInt32(header, at: 0))
        let height = Int(bigEndianUInt32(header, at: 4))
        guard width > 0, height > 0 else { throw Failure(description: "empty dimensions") }
        guard header[8] == 8 else { throw Failure(description: "bit depth \(header[8])") }
        let bytesPerPixel: Int
        switch header[9] {
        case 2: bytesPerPixel = 3
        case 6: bytesPerPixel = 4
        default: throw Failure(description: "colour type \(header[9])")
        }
        guard header[10] == 0, header[11] == 0, header[12] == 0 else {
            throw Failure(description: "compression, filter and interlace methods must be 0")
        }

        let stride = width * bytesPerPixel
        let expectedLength = height * (1 + stride)
        let filtered = try inflate(compressed, expectedLength: expectedLength)
        let (filterTypes, pixels) = try unfilter(filtered, height: height, stride: stride, bytesPerPixel: bytesPerPixel)
        return DecodedPNG(
            width: width, height: height, bytesPerPixel: bytesPerPixel,
            chunkTypes: chunkTypes, filterTypes: filterTypes, pixels: pixels
        )
    }

    private static func inflate(_ compressed: [UInt8], expectedLength: Int) throws -> [UInt8] {
        // One spare byte tells "exactly this long" apart from "at least this long".
        var output = [UInt8](repeating: 0, count: expectedLength + 1)
        var outputLength = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &outputLength, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK else { throw Failure(description: "inflate failed with \(status)") }
        guard Int(outputLength) == expectedLength else {
            throw Failure(description: "inflated \(outputLength) bytes, expected \(expectedLength)")
        }
        return Array(output.prefix(expectedLength))
    }

    private static func unfilter(
        _ filtered: [UInt8], height: Int, stride: Int, bytesPerPixel: Int
    ) throws -> ([UInt8], [UInt8]) {
        var filterTypes: [UInt8] = []
        var pixels = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = filtered[row * (stride + 1)]
            guard filter <= 4 else { throw Failure(description: "filter type \(filter) in row \(row)") }
            filterTypes.append(filter)
            for i in 0..<stride {
                let raw = filtered[row * (stride + 1) + 1 + i]
                let left = i >= bytesPerPixel ? Int(pixels[row * stride + i - bytesPerPixel]) : 0
                let up = row > 0 ? Int(pixels[(row - 1) * stride + i]) : 0
                let upLeft = row > 0 && i >= bytesPerPixel ? Int(pixels[(row - 1) * stride + i - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                default: predictor = paeth(left, up, upLeft)
                }
                pixels[row * stride + i] = UInt8((Int(raw) + predictor) & 0xFF)
            }
        }
        return (filterTypes, pixels)
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func bigEndianUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
