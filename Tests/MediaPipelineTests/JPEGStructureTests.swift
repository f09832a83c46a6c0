import Foundation
import PhotoFixtures
import Testing

@testable import MediaPipeline

@Suite struct JPEGStructureTests {
    @Test func aProgressiveJPEG_isProgressive_withItsScansAndSize() throws {
        let jpeg = try PhotoFixtures.photo(width: 640, height: 480)

        let structure = scan(jpeg)

        #expect(structure.isProgressive)
        #expect((6...12).contains(structure.scanCount), "libjpeg's progression has 6 to 10 scans: \(structure.scanCount)")
        #expect(structure.width == 640 && structure.height == 480)
        #expect(structure.coefficientBytes >= 3 * 80 * 60 * 128 / 2, "at least the luma and two quarter-size chroma planes")
    }

    @Test func everyRepeatedScan_isCounted() throws {
        let jpeg = try PhotoFixtures.photo(width: 64, height: 48)

        let repeated = scan(PhotoFixtures.withRepeatedLastScan(jpeg, count: 500))

        #expect(repeated.scanCount == scan(jpeg).scanCount + 500)
    }

    @Test func aBaselineJPEG_hasOneScan_andMarkersInsideSegmentsOrScanDataAreNotScans() {
        var jpeg: [UInt8] = [0xFF, 0xD8]
        // An APP1 segment whose payload holds what looks like start-of-scan markers.
        jpeg += [0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xDA, 0xFF, 0xDA, 0xFF, 0xC2]
        jpeg += Self.frameHeader(marker: 0xC0, width: 100, height: 50, sampling: [0x22, 0x11, 0x11])
        jpeg += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]
        // Entropy-coded data: a stuffed FF 00, restart markers, fill bytes.
        jpeg += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF, 0xD1, 0x78, 0xFF, 0x00]
        jpeg += [0xFF, 0xD9]

        let structure = jpeg.withUnsafeBytes { JPEGStructure(scanning: $0) }

        #expect(structure.scanCount == 1)
        #expect(!structure.isProgressive)
        #expect(structure.width == 100 && structure.height == 50)
        // Luma: 13 × 7 blocks padded to 14 × 8 for 2 × 2 sampling; each chroma plane 7 × 4.
        #expect(structure.coefficientBytes == (14 * 8 + 2 * 7 * 4) * 128)
    }

    @Test func scansAfterTheEndOfImage_areNotCounted_andStrayBytesBetweenSegmentsAreSkipped() {
        let scanSegment: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x11, 0x22]
        var jpeg: [UInt8] = [0xFF, 0xD8] + Self.frameHeader(marker: 0xC2, width: 8, height: 8, sampling: [0x11, 0x11, 0x11])
        jpeg += [0x00, 0x01, 0x02] + scanSegment + [0xAB] + scanSegment + [0xFF, 0xD9] + scanSegment

        let structure = jpeg.withUnsafeBytes { JPEGStructure(scanning: $0) }

        #expect(structure.scanCount == 2)
        #expect(structure.isProgressive)
    }

    @Test func everyPrefixAndArbitraryBytes_areReadWithoutATrap_andNeverCountMoreThanTheWhole() throws {
        let jpeg = PhotoFixtures.withRepeatedLastScan(try PhotoFixtures.photo(width: 32, height: 32), count: 3)
        let whole = scan(jpeg).scanCount
        for length in stride(from: 0, through: jpeg.count, by: 7) {
            #expect(scan(jpeg.prefix(length)).scanCount <= whole)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            var bytes: [UInt8] = [0xFF, 0xD8]
            for _ in 0..<256 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Biased towards FF and marker codes, where the reader's decisions are.
                let byte = UInt8(truncatingIfNeeded: state >> 56)
                bytes.append(byte < 64 ? 0xFF : byte < 96 ? 0xDA : byte)
            }
            let structure = bytes.withUnsafeBytes { JPEGStructure(scanning: $0) }
            #expect(structure.scanCount <= bytes.count / 2)
            #expect(structure.coefficientBytes >= 0)
        }
    }

    @Test func aBaselineJPEGWithAScanPerComponent_isHeldWhole_soItsCoefficientsAreBounded_butOneInterleavedScanIsNot() {
        var scanPerComponent: [UInt8] = [0xFF, 0xD8] + Self.frameHeader(marker: 0xC0, width: 7_071, height: 7_071, sampling: [0x11, 0x11, 0x11])
        for component in 1...3 {
            scanPerComponent += [0xFF, 0xDA, 0x00, 0x08, 0x01, UInt8(component), 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34]
        }
        scanPerComponent += [0xFF, 0xD9]
        var interleaved: [UInt8] = [0xFF, 0xD8] + Self.frameHeader(marker: 0xC0, width: 7_071, height: 7_071, sampling: [0x11, 0x11, 0x11])
        interleaved += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00, 0x12, 0xFF, 0xD9]

        let several = scanPerComponent.withUnsafeBytes { JPEGStructure(scanning: $0) }
        let one = interleaved.withUnsafeBytes { JPEGStructure(scanning: $0) }

        #expect(several.scanCount == 3 && !several.isProgressive)
        #expect(several.coefficientBytes > PhotoLimits.standard.maximumJPEGCoefficientBytes, "about 300 MB at 4:4:4")
        #expect(PhotoProcessor.decodingCostRefusal(of: several, limits: .standard)?.contains("MB to decode") == true)
        #expect(PhotoProcessor.decodingCostRefusal(of: one, limits: .standard) == nil, "streamed a row of blocks at a time")
    }

    // MARK: - Helpers

    private func scan(_ data: Data) -> JPEGStructure {
        data.withUnsafeBytes { JPEGStructure(scanning: $0) }
    }

    private static func frameHeader(marker: UInt8, width: Int, height: Int, sampling: [UInt8]) -> [UInt8] {
        var payload: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(sampling.count)]
        for (index, factors) in sampling.enumerated() { payload += [UInt8(index + 1), factors, 0] }
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
