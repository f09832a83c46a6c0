import CZlib
import Foundation

/// Encodes a `Raster` as an 8-bit RGB, non-interlaced PNG: signature, IHDR,
/// one zlib-compressed IDAT, IEND.
///
/// Each row gets the filter (None, Sub, Up or Paeth) whose output has the
/// smallest sum of absolute values, the usual heuristic: gradients turn into
/// runs of tiny differences, which deflate packs tightly.
struct PNGEncoder: Sendable {
    enum Error: Swift.Error, Equatable {
        case emptyImage
        case imageTooLarge
        case compressionFailed(status: Int32)
    }

    /// zlib's 1 (fastest) to 9 (smallest). Past 4 the demo images shrink by
    /// under a tenth while deflate takes half as long again.
    var compressionLevel: Int32 = 4

    func encode(_ raster: Raster) throws -> Data {
        guard raster.width > 0, raster.height > 0 else { throw Error.emptyImage }
        guard let width = UInt32(exactly: raster.width), let height = UInt32(exactly: raster.height),
              width <= UInt32(Int32.max), height <= UInt32(Int32.max) else { throw Error.imageTooLarge }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(width)
        header.appendBigEndian(height)
        // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
        header.append(contentsOf: [8, 2, 0, 0, 0])
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", try deflate(Self.filteredScanlines(of: raster)))
        png.appendChunk("IEND", Data())
        return png
    }

    private func deflate(_ bytes: [UInt8]) throws -> Data {
        var capacity = compressBound(uLong(bytes.count))
        var compressed = [UInt8](repeating: 0, count: Int(capacity))
        let status = compressed.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &capacity, input.baseAddress, uLong(input.count), compressionLevel)
            }
        }
        guard status == Z_OK else { throw Error.compressionFailed(status: status) }
        return Data(compressed.prefix(Int(capacity)))
    }

    private static func filteredScanlines(of raster: Raster) -> [UInt8] {
        let stride = raster.width * Raster.bytesPerPixel
        var output = [UInt8](repeating: 0, count: raster.height * (stride + 1))
        // The row above the first one reads as zeros, as the PNG filters define it.
        let zeros = [UInt8](repeating: 0, count: stride)
        output.withUnsafeMutableBufferPointer { out in
            raster.pixels.withUnsafeBufferPointer { pixels in
                zeros.withUnsafeBufferPointer { zeros in
                    guard let out = out.baseAddress, let pixels = pixels.baseAddress, let zeros = zeros.baseAddress else { return }
                    for row in 0..<raster.height {
                        let current = pixels + row * stride
                        let previous = row > 0 ? current - stride : zeros
                        let filter = cheapestFilter(current, previous, stride)
                        let target = out + row * (stride + 1)
                        target[0] = filter.rawValue
                        apply(filter, current, previous, stride, into: target + 1)
                    }
                }
            }
        }
        return output
    }

    private enum Filter: UInt8 {
        case none = 0, sub = 1, up = 2, paeth = 4
    }

    // The two loops below run for every byte of every image; they use plain
    // arithmetic on pointers, which stays fast even in unoptimised builds.

    /// The filter whose output, read as signed bytes, has the smallest sum of
    /// magnitudes. Every `sampleStep`-th byte is enough to judge a row (the
    /// step cycles through the three channels) and takes a quarter of the time.
    private static func cheapestFilter(_ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ stride: Int) -> Filter {
        let bytesPerPixel = Raster.bytesPerPixel
        let sampleStep = 4
        var noneCost = 0, subCost = 0, upCost = 0, paethCost = 0
        var i = 0
        while i < stride {
            let hasLeft = i >= bytesPerPixel
            let left = hasLeft ? Int(current[i &- bytesPerPixel]) : 0
            let upLeft = hasLeft ? Int(previous[i &- bytesPerPixel]) : 0
            let value = Int(current[i]), up = Int(previous[i])
            // Residuals are read as signed bytes: 255 costs as little as 1.
            var residual = value
            noneCost &+= residual < 128 ? residual : 256 &- residual
            residual = (value &- left) & 0xFF
            subCost &+= residual < 128 ? residual : 256 &- residual
            residual = (value &- up) & 0xFF
            upCost &+= residual < 128 ? residual : 256 &- residual
            // Paeth, written out here because this line runs for every byte.
            let estimate = left &+ up &- upLeft
            var toLeft = estimate &- left, toUp = estimate &- up, toUpLeft = estimate &- upLeft
            if toLeft < 0 { toLeft = 0 &- toLeft }
            if toUp < 0 { toUp = 0 &- toUp }
            if toUpLeft < 0 { toUpLeft = 0 &- toUpLeft }
            let paeth = toLeft <= toUp && toLeft <= toUpLeft ? left : (toUp <= toUpLeft ? up : upLeft)
            residual = (value &- paeth) & 0xFF
            paethCost &+= residual < 128 ? residual : 256 &- residual
            i &+= sampleStep
        }
        if subCost <= upCost && subCost <= paethCost && subCost <= noneCost { return .sub }
        if upCost <= paethCost && upCost <= noneCost { return .up }
        return paethCost <= noneCost ? .paeth : .none
    }

    private static func apply(
        _ filter: Filter, _ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ stride: Int,
        into target: UnsafeMutablePointer<UInt8>
    ) {
        let bytesPerPixel = Raster.bytesPerPixel
        var i = 0
        switch filter {
        case .none:
            target.update(from: current, count: stride)
        case .sub:
            target.update(from: current, count: min(bytesPerPixel, stride))
            i = bytesPerPixel
            while i < stride {
                target[i] = current[i] &- current[i &- bytesPerPixel]
                i &+= 1
            }
        case .up:
            while i < stride {
                target[i] = current[i] &- previous[i]
                i &+= 1
            }
        case .paeth:
            while i < stride {
                let hasLeft = i >= bytesPerPixel
                let left = hasLeft ? Int(current[i &- bytesPerPixel]) : 0
                let upLeft = hasLeft ? Int(previous[i &- bytesPerPixel]) : 0
                target[i] = current[i] &- UInt8(paethPredictor(left, Int(previous[i]), upLeft))
                i &+= 1
            }
        }
    }

    private static func paethPredictor(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
        let estimate = left &+ up &- upLeft
        var toLeft = estimate &- left, toUp = estimate &- up, toUpLeft = estimate &- upLeft
        if toLeft < 0 { toLeft = 0 &- toLeft }
        if toUp < 0 { toUp = 0 &- toUp }
        if toUpLeft < 0 { toUpLeft = 0 &- toUpLeft }
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }
}

private extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Length, type, data, then the CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        let typeBytes = Array(type.utf8)
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        // zlib reads a null buffer as "start over", so an empty chunk adds nothing.
        if !data.isEmpty {
            crc = data.withUnsafeBytes { crc32(crc, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
        }
        appendBigEndian(UInt32(data.count))
        append(contentsOf: typeBytes)
        append(data)
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
