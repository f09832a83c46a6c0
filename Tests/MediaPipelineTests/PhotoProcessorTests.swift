import BlurHash
import Foundation
import PhotoFixtures
import Testing

@testable import MediaPipeline

@Suite struct PhotoProcessorTests {
    private let processor = PhotoProcessor()

    @Test(arguments: PhotoFormat.allCases)
    func acceptsEachFormatAndServesJPEGRenditions(format: PhotoFormat) throws {
        let photo = try processor.process(PhotoFixtures.photo(width: 640, height: 480, format: format))

        #expect(photo.width == 640 && photo.height == 480)
        #expect(Set(photo.renditions.keys) == Set(Rendition.allCases))
        for (name, rendition) in photo.renditions {
            #expect(PhotoFormat(sniffing: rendition.bytes) == .jpeg, "\(name)")
            #expect(rendition.mediaType == "image/jpeg")
        }
    }

    @Test func formatIsToldByTheBytesNotTheName() {
        #expect(PhotoFormat(sniffing: Data("this is text in a file named photo.jpg".utf8)) == nil)
        #expect(PhotoFormat(sniffing: Data("GIF89a".utf8) + Data(count: 20)) == nil)
        #expect(PhotoFormat(sniffing: Data("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(PhotoFormat(sniffing: Data("RIFF\0\0\0\0WEBP".utf8)) == .webp)
        #expect(PhotoFormat(sniffing: Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
    }

    @Test func refusesTextNamedAsAPhoto() {
        #expect(throws: PhotoProcessingError.unsupportedFormat) {
            try processor.process(Data("this is text in a file named photo.jpg".utf8))
        }
    }

    @Test func refusesAnEmptyFile() {
        #expect(throws: PhotoProcessingError.empty) { try processor.process(Data()) }
    }

    @Test(arguments: PhotoFormat.allCases)
    func refusesTruncatedData(format: PhotoFormat) throws {
        let photo = try PhotoFixtures.photo(width: 640, height: 480, format: format)

        #expect {
            try processor.process(photo.prefix(photo.count / 2))
        } throws: { error in
            guard case .unreadable(let reason) = error as? PhotoProcessingError else { return false }
            return !reason.isEmpty
        }
    }

    @Test func refusesCorruptData() throws {
        let photo = try PhotoFixtures.photo(width: 640, height: 480, format: .jpeg)
        var corrupt = photo.prefix(4)
        corrupt += Data(repeating: 0x5A, count: photo.count - 4)

        #expect {
            try processor.process(corrupt)
        } throws: { error in
            if case .unreadable = error as? PhotoProcessingError { return true }
            return false
        }
    }

    @Test func refusesMoreBytesThanTheLimit() throws {
        let photo = try PhotoFixtures.photo(width: 64, height: 48, format: .png)
        let strict = PhotoProcessor(limits: PhotoLimits(maximumBytes: photo.count - 1))

        #expect(throws: PhotoProcessingError.tooManyBytes(count: photo.count, limit: photo.count - 1)) {
            try strict.process(photo)
        }
        #expect(PhotoLimits.standard.maximumBytes == 20_000_000)
    }

    @Test func refusesADecompressionBombFromItsHeader() throws {
        let bomb = PhotoFixtures.pngClaiming(width: 20_000, height: 20_000)
        #expect(bomb.count < 100)

        #expect(throws: PhotoProcessingError.tooManyPixels(width: 20_000, height: 20_000, limit: 50_000_000)) {
            try processor.process(bomb)
        }
    }

    @Test func refusesMorePixelsThanTheLimit() throws {
        let strict = PhotoProcessor(limits: PhotoLimits(maximumPixels: 200 * 100 - 1))

        #expect(throws: PhotoProcessingError.tooManyPixels(width: 200, height: 100, limit: 200 * 100 - 1)) {
            try strict.process(PhotoFixtures.photo(width: 200, height: 100, format: .jpeg))
        }
        #expect(throws: Never.self) {
            try PhotoProcessor(limits: PhotoLimits(maximumPixels: 200 * 100)).process(PhotoFixtures.photo(width: 200, height: 100, format: .jpeg))
        }
    }

    @Test func renditionsFitTheirWidthsAndTheLongSideOfFull() throws {
        let panorama = try processor.process(PhotoFixtures.photo(width: 5000, height: 1000, format: .jpeg))

        #expect(size(panorama, .thumb) == "200×40")
        #expect(size(panorama, .small) == "400×80")
        #expect(size(panorama, .regular) == "1080×216")
        #expect(size(panorama, .full) == "4096×819")

        let portrait = try processor.process(PhotoFixtures.photo(width: 1500, height: 5000, format: .png))
        #expect(size(portrait, .thumb) == "200×667")
        #expect(size(portrait, .regular) == "1080×3600")
        #expect(size(portrait, .full) == "1229×4096")
    }

    @Test func neverEnlargesASmallPhoto() throws {
        let photo = try processor.process(PhotoFixtures.photo(width: 300, height: 200, format: .jpeg))

        #expect(size(photo, .thumb) == "200×133")
        #expect(size(photo, .small) == "300×200")
        #expect(size(photo, .regular) == "300×200")
        #expect(size(photo, .full) == "300×200")
    }

    @Test func appliesTheEXIFOrientationAndStripsEveryMetadataBlock() throws {
        // Landscape pixels that a phone held upright marks "rotate 90° clockwise" (6).
        let upload = PhotoFixtures.withEXIF(try PhotoFixtures.photo(width: 400, height: 300, format: .jpeg), orientation: 6)
        #expect(PhotoFixtures.segmentMarkers(of: upload).contains(0xE1))

        let photo = try processor.process(upload)

        #expect(photo.width == 300 && photo.height == 400)
        #expect(size(photo, .full) == "300×400")
        for (name, rendition) in photo.renditions {
            let markers = PhotoFixtures.segmentMarkers(of: rendition.bytes)
            #expect(markers.allSatisfy { !(0xE1...0xEF).contains($0) }, "\(name) keeps an application segment: \(markers)")
            #expect(rendition.bytes.range(of: Data("Exif".utf8)) == nil, "\(name)")
            #expect(rendition.bytes.range(of: Data("GPS".utf8)) == nil, "\(name)")
        }
        // The red quarter was top-left; turned clockwise it is top-right.
        let upright = try decoded(photo.renditions[.small]?.bytes)
        #expect(isRed(upright, x: upright.width - 10, y: 10))
        #expect(!isRed(upright, x: 10, y: 10))
    }

    @Test func transparencyBecomesWhite() throws {
        let photo = try processor.process(PhotoFixtures.pngWithAlpha(width: 200, height: 100))

        let pixels = try decoded(photo.renditions[.thumb]?.bytes)
        #expect(pixel(pixels, x: 20, y: 50).allSatisfy { $0 > 245 }, "transparent side: \(pixel(pixels, x: 20, y: 50))")
        #expect(pixel(pixels, x: 180, y: 50).allSatisfy { $0 < 10 }, "opaque side: \(pixel(pixels, x: 180, y: 50))")
    }

    @Test func averageColourIsTheBlurHashFirstComponent() throws {
        let photo = try processor.process(PhotoFixtures.photo(width: 800, height: 600, format: .jpeg))

        #expect(photo.blurHash.count == 28)
        #expect(try BlurHash.averageColor(of: photo.blurHash).hex == photo.averageColor)
        #expect(photo.averageColor.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil)
    }

    @Test func blurHashDescribesThePhoto() throws {
        let photo = try processor.process(PhotoFixtures.photo(width: 800, height: 600, format: .png))

        let placeholder = try BlurHash.decode(photo.blurHash, width: 8, height: 6)
        let topLeft = pixel(placeholder, x: 0, y: 0)
        let bottomRight = pixel(placeholder, x: 7, y: 5)
        #expect(topLeft[0] > topLeft[2], "red corner: \(topLeft)")
        #expect(bottomRight[2] > bottomRight[0], "blue corner: \(bottomRight)")
    }

    @Test func pixelEncoderRefusesSamplesThatDoNotMakeTheImage() {
        #expect {
            try PixelEncoder.encode([1, 2, 3], width: 2, height: 2, bands: 3, as: .png)
        } throws: { error in
            if case .processingFailed = error as? PhotoProcessingError { return true }
            return false
        }
    }

    @Test func refusesAJPEGAskingForMoreScansThanTheLimit_beforeDecodingIt() throws {
        let crafted = PhotoFixtures.withRepeatedLastScan(try PhotoFixtures.photo(width: 64, height: 48), count: 200)

        #expect(throws: PhotoProcessingError.self) { try processor.inspect(crafted) }
        do {
            _ = try processor.process(crafted)
            Issue.record("a JPEG of 200 scans was decoded")
        } catch {
            guard case .tooCostlyToDecode(let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("passes over the image"))
        }
    }

    @Test func refusesAJPEGWhosePixelsTimesScansExceedTheLimit_andTakesTheSameWithFewerPixels() throws {
        let jpeg = try PhotoFixtures.photo(width: 640, height: 480)
        let scans = jpeg.withUnsafeBytes { JPEGStructure(scanning: $0) }.scanCount
        let limits = PhotoLimits(maximumJPEGScanPixels: 640 * 480 * scans - 1)

        #expect {
            try PhotoProcessor(limits: limits).process(jpeg)
        } throws: { error in
            if case .tooCostlyToDecode = error as? PhotoProcessingError { return true }
            return false
        }
        #expect(throws: Never.self) { try PhotoProcessor(limits: limits).process(try PhotoFixtures.photo(width: 320, height: 480)) }
    }

    @Test func refusesAProgressiveJPEGWhoseCoefficientsExceedTheLimit_butNotAPNGOfThatSize() throws {
        let limits = PhotoLimits(maximumJPEGCoefficientBytes: 500_000)

        #expect {
            try PhotoProcessor(limits: limits).process(try PhotoFixtures.photo(width: 640, height: 480))
        } throws: { error in
            if case .tooCostlyToDecode(let detail) = error as? PhotoProcessingError { return detail.contains("MB to decode") }
            return false
        }
        #expect(throws: Never.self) { try PhotoProcessor(limits: limits).process(try PhotoFixtures.photo(width: 640, height: 480, format: .png)) }
    }

    @Test func aDeadlineAlreadyPassed_processesNothing() throws {
        let photo = try PhotoFixtures.photo(width: 64, height: 48)

        #expect(throws: PhotoProcessingError.tookTooLong(limit: processor.limits.maximumProcessingTime)) {
            try processor.process(photo, deadline: ProcessingDeadline(after: .zero))
        }
    }

    // MARK: - Helpers

    private func size(_ photo: ProcessedPhoto, _ rendition: Rendition) -> String {
        guard let encoded = photo.renditions[rendition] else { return "missing" }
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

    private func isRed(_ image: RGBPixels, x: Int, y: Int) -> Bool {
        let colour = pixel(image, x: x, y: y)
        return colour[0] > 180 && colour[1] < 80 && colour[2] < 80
    }
}
