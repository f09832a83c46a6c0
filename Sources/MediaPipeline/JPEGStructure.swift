/// What a JPEG's markers tell before any pixel is decoded: how many scans the decoder will
/// run over the image, and the coefficients a progressive decoder keeps for all of it.
///
/// A progressive file may repeat or split its scans almost without end, and every scan
/// costs a pass over the whole image: a few hundred kilobytes can ask for minutes of work and
/// hundreds of megabytes. These figures let the pipeline refuse such a file up front.
///
/// Read the way a decoder reads it: segments by their lengths, entropy-coded data up to the
/// next marker (`FF 00` is a data byte, `FF D0`–`FF D7` restart markers), stray bytes between
/// segments skipped. Reading stops at the end of the image or of the bytes; malformed input
/// never traps, and the counts are of what was read.
package struct JPEGStructure: Equatable, Sendable {
    /// Start-of-scan markers: passes the decoder makes over the image.
    package var scanCount = 0
    /// Whether a frame header marks the file progressive (or lossless, which decodes alike).
    package var isProgressive = false
    package var width = 0
    package var height = 0
    /// The bytes of 16-bit DCT coefficients for the whole frame, 64 per 8 × 8 block of each
    /// component, padded to whole sampling units: what a progressive decoder holds in memory.
    package var coefficientBytes = 0

    /// The frame's width and height; zero when no frame header was read.
    package var size: (width: Int, height: Int) { (width, height) }

    package init(scanning bytes: UnsafeRawBufferPointer) {
        var reader = JPEGMarkerReader(bytes: bytes)
        guard reader.startOfImage() else { return }
        while let marker = reader.nextMarker() {
            switch marker {
            case 0xD9:
                return
            case 0x01, 0xD0...0xD8:
                continue
            default:
                guard let segment = reader.segment() else { return }
                if marker == 0xDA {
                    scanCount += 1
                    reader.skipEntropyCodedData()
                } else if Self.isFrameHeader(marker) {
                    readFrame(segment, progressive: Self.isProgressiveFrame(marker))
                }
            }
        }
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    /// Progressive (C2, C6, CA, CE) and lossless (C3, C7, CB, CF) frames.
    private static func isProgressiveFrame(_ marker: UInt8) -> Bool {
        ![0xC0, 0xC1, 0xC5, 0xC9, 0xCD].contains(marker)
    }

    private mutating func readFrame(_ segment: UnsafeRawBufferPointer, progressive: Bool) {
        // Precision (1), height (2), width (2), component count (1), then 3 bytes per component.
        guard segment.count >= 6 else { return }
        let frameHeight = Int(segment[1]) << 8 | Int(segment[2])
        let frameWidth = Int(segment[3]) << 8 | Int(segment[4])
        let componentCount = Int(segment[5])
        guard componentCount > 0, segment.count >= 6 + 3 * componentCount else { return }
        let sampling = (0..<componentCount).map { index in
            let factors = segment[6 + 3 * index + 1]
            return (horizontal: max(1, Int(factors >> 4)), vertical: max(1, Int(factors & 0x0F)))
        }
        let maximumHorizontal = sampling.map(\.horizontal).max() ?? 1
        let maximumVertical = sampling.map(\.vertical).max() ?? 1
        var bytes = 0
        for factors in sampling {
            // Both sides are at most 65,535 and the factors at most 15: no overflow.
            let blocksAcross = Self.roundedUp(Self.divideRoundingUp(Self.divideRoundingUp(frameWidth * factors.horizontal, maximumHorizontal), 8), toMultipleOf: factors.horizontal)
            let blocksDown = Self.roundedUp(Self.divideRoundingUp(Self.divideRoundingUp(frameHeight * factors.vertical, maximumVertical), 8), toMultipleOf: factors.vertical)
            bytes += blocksAcross * blocksDown * 64 * 2
        }
        width = max(width, frameWidth)
        height = max(height, frameHeight)
        coefficientBytes = max(coefficientBytes, bytes)
        isProgressive = isProgressive || progressive
    }

    private static func divideRoundingUp(_ value: Int, _ divisor: Int) -> Int {
        (value + divisor - 1) / divisor
    }

    private static func roundedUp(_ value: Int, toMultipleOf factor: Int) -> Int {
        divideRoundingUp(value, factor) * factor
    }
}

/// A cursor over a JPEG's bytes that moves from marker to marker.
package struct JPEGMarkerReader {
    package let bytes: UnsafeRawBufferPointer
    package private(set) var offset = 0

    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    package mutating func startOfImage() -> Bool {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        offset = 2
        return true
    }

    /// The code of the next marker, skipping anything before it and its fill bytes.
    package mutating func nextMarker() -> UInt8? {
        while offset < bytes.count {
            guard bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            guard let code = markerHere() else { return nil }
            if code != 0x00 { return code }
        }
        return nil
    }

    /// The code of the marker at the cursor, after its fill bytes; `nil` when the cursor is not
    /// on a marker, for a reader that takes nothing between segments.
    package mutating func markerHere() -> UInt8? {
        guard offset < bytes.count, bytes[offset] == 0xFF else { return nil }
        while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The payload of the segment whose length follows the marker just read; `nil` when the
    /// length is malformed or runs past the end.
    package mutating func segment() -> UnsafeRawBufferPointer? {
        guard offset + 2 <= bytes.count else { return nil }
        let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        guard length >= 2, offset + length <= bytes.count else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[(offset + 2)..<(offset + length)])
        offset += length
        return payload
    }

    /// Moves to the first marker after a scan's data that is not a restart marker.
    package mutating func skipEntropyCodedData() {
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            let next = bytes[offset + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                offset += next == 0xFF ? 1 : 2
                continue
            }
            return
        }
        offset = bytes.count
    }
}
