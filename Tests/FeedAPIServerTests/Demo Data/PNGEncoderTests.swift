import Foundation
import Testing
@testable import FeedAPIServer

@Suite struct PNGEncoderTests {
    @Test func encode_startsWithThePNGSignature() throws {
        let data = try makeSUT().encode(Raster(width: 1, height: 1, background: .white))

        #expect(Array(data.prefix(8)) == PNGTestDecoder.signature)
    }

    @Test func encode_endsWithTheEmptyIENDChunkAndItsKnownCRC() throws {
        let data = try makeSUT().encode(Raster(width: 2, height: 2, background: .black))

        #expect(Array(data.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func encode_writesHeaderDataAndEndChunksInOrder() throws {
        let data = try makeSUT().encode(Raster(width: 4, height: 3, background: .white))

        #expect(try PNGTestDecoder.decode(data).chunkTypes == ["IHDR", "IDAT", "IEND"])
    }

    @Test(arguments: [(1, 1), (2, 1), (1, 2), (3, 5), (7, 4), (33, 17), (480, 360)])
    func encode_roundTripsEveryPixelAsEightBitRGB(width: Int, height: Int) throws {
        let raster = makeNoisyRaster(width: width, height: height)

        let decoded = try PNGTestDecoder.decode(makeSUT().encode(raster))

        #expect(decoded.width == width)
        #expect(decoded.height == height)
        #expect(decoded.bytesPerPixel == 3)
        #expect(decoded.pixels == raster.pixels)
    }

    @Test func encode_predictsHorizontalGradientsFromTheLeft() throws {
        var raster = Raster(width: 64, height: 8, background: .black)
        raster.fill { x, _ in RGBColor(red: Double(x) / 63, green: 0.5, blue: 1 - Double(x) / 63) }

        let decoded = try PNGTestDecoder.decode(makeSUT().encode(raster))

        #expect(decoded.filterTypes.allSatisfy { $0 != 0 })
        #expect(decoded.pixels == raster.pixels)
    }

    @Test func encode_compressesSmoothGradientsWellBelowTheirRawSize() throws {
        var raster = Raster(width: 480, height: 360, background: .black)
        raster.fill { x, y in RGBColor(red: Double(x) / 479, green: Double(y) / 359, blue: 0.4) }

        let data = try makeSUT().encode(raster)

        #expect(data.count < raster.pixels.count / 20)
    }

    @Test(arguments: [(0, 1), (1, 0), (0, 0)])
    func encode_throwsOnAnEmptyRaster(width: Int, height: Int) {
        #expect(throws: PNGEncoder.Error.emptyImage) {
            try makeSUT().encode(Raster(width: width, height: height, background: .white))
        }
    }

    // MARK: - Helpers

    private func makeSUT() -> PNGEncoder {
        PNGEncoder()
    }

    private func makeNoisyRaster(width: Int, height: Int) -> Raster {
        var random = SplitMix64(seed: UInt64(width * 1_000 + height))
        var raster = Raster(width: width, height: height, background: .black)
        raster.fill { _, _ in RGBColor(red: random.unit(), green: random.unit(), blue: random.unit()) }
        return raster
    }
}
