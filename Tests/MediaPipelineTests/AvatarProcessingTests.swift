import BlurHash
import Foundation
import PhotoFixtures
import Testing

@testable import MediaPipeline

@Suite struct AvatarProcessingTests {
    private let processor = PhotoProcessor()

    @Test(arguments: PhotoFormat.allCases)
    func makesSquareJPEGRenditions_ofEachAcceptedFormat(format: PhotoFormat) throws {
        let avatar = try processor.processAvatar(PhotoFixtures.photo(width: 640, height: 480, format: format))

        #expect(size(avatar, .thumb) == "128×128")
        #expect(size(avatar, .small) == "400×400")
        for (name, rendition) in avatar.renditions {
            #expect(PhotoFormat(sniffing: rendition.bytes) == .jpeg, "\(name)")
            #expect(rendition.mediaType == "image/jpeg")
        }
        #expect(try BlurHash.averageColor(of: avatar.blurHash).hex == avatar.averageColor)
    }

    @Test func keepsTheCentreSquare_neverSquashingThePicture() throws {
        // Three upright stripes, red, green and blue: only the green one is in the centre square.
        let (width, height) = (900, 300)
        var pixels = [UInt8]()
        for _ in 0..<height {
            for x in 0..<width {
                pixels += x < 300 ? [220, 20, 20] : x < 600 ? [20, 200, 20] : [20, 20, 220]
            }
        }
        let avatar = try processor.processAvatar(PixelEncoder.encode(pixels, width: width, height: height, bands: 3, as: .png))

        let small = try decoded(avatar.renditions[.small]?.bytes)
        for x in [4, 200, 395] {
            let colour = pixel(small, x: x, y: 200)
            #expect(colour[1] > 150 && colour[0] < 80 && colour[2] < 80, "at \(x): \(colour)")
        }
    }

    @Test func neverEnlargesASmallPicture() throws {
        let avatar = try processor.processAvatar(PhotoFixtures.photo(width: 90, height: 160, format: .jpeg))

        #expect(size(avatar, .thumb) == "90×90")
        #expect(size(avatar, .small) == "90×90")
    }

    @Test func refusesWhatAPhotoUploadRefuses() throws {
        #expect(throws: PhotoProcessingError.empty) { try processor.processAvatar(Data()) }
        #expect(throws: PhotoProcessingError.unsupportedFormat) { try processor.processAvatar(Data("<svg/>".utf8)) }
        #expect(throws: PhotoProcessingError.self) {
            try processor.processAvatar(PhotoFixtures.pngClaiming(width: 100_000, height: 100_000))
        }
        let tight = PhotoProcessor(limits: PhotoLimits(maximumBytes: 100))
        #expect(throws: PhotoProcessingError.self) { try tight.processAvatar(PhotoFixtures.photo(width: 64, height: 64)) }
    }

    @Test func decodesOnlyAsLargeAsTheBiggestSquareNeeds() {
        #expect(PhotoProcessor.decodingBox(of: (4000, 3000), shortSide: 400) == (534, 400))
        #expect(PhotoProcessor.decodingBox(of: (1000, 5000), shortSide: 400) == (400, 2000))
        #expect(PhotoProcessor.decodingBox(of: (300, 200), shortSide: 400) == (300, 200))
    }

    // MARK: - Helpers

    private func size(_ avatar: ProcessedAvatar, _ rendition: AvatarRendition) -> String {
        guard let encoded = avatar.renditions[rendition] else { return "missing" }
        return "\(encoded.width)×\(encoded.height)"
    }

    private func decoded(_ jpeg: Data?) throws -> RGBPixels {
        let bytes = try #require(jpeg)
        let image = try processor.uprightSRGB(bytes, fittingWidth: 10_000, height: 10_000)
        let pixels = try #require(image.pixels())
        return try #require(RGBPixels(width: image.width, height: image.height, bytes: pixels))
    }

    private func pixel(_ image: RGBPixels, x: Int, y: Int) -> [UInt8] {
        let offset = (y * image.width + x) * 3
        return Array(image.bytes[offset..<(offset + 3)])
    }
}
