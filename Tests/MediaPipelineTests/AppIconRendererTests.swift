import CVips
import Foundation
import Testing

@testable import MediaPipeline

@Suite struct AppIconRendererTests {
    private let svg = Data(
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#e8623a"/><circle cx="16" cy="16" r="4" fill="#ffffff"/></svg>"##.utf8)

    @Test(arguments: [192, 512])
    func drawsTheSVGAsAPNGOfTheSizeAsked(size: Int) throws {
        let png = try AppIconRenderer.png(fromSVG: svg, size: size)

        #expect(PhotoFormat(sniffing: png) == .png)
        let image = try VipsImageHandle.decoded(png)
        #expect(image.width == size && image.height == size)
        #expect(image.hasAlpha, "the rounded corners stay transparent")
    }

    @Test func drawsTheSVGsColoursWithTransparentCornersAndOpaqueShapes() throws {
        let png = try AppIconRenderer.png(fromSVG: svg, size: 192)

        let image = try VipsImageHandle.decoded(png)
        let pixels = try #require(image.pixels())
        let rgba = { (x: Int, y: Int) -> [UInt8] in Array(pixels[((y * 192 + x) * 4)..<((y * 192 + x) * 4 + 4)]) }
        #expect(rgba(0, 0)[3] == 0, "outside the rounded corner is transparent")
        #expect(rgba(96, 30) == [0xE8, 0x62, 0x3A, 255], "the square's colour, in order and not premultiplied")
        #expect(rgba(96, 96) == [255, 255, 255, 255], "the circle in the middle")
    }

    @Test func drawingTheIcon_leavesLibvipsSVGLoaderBlockedForUntrustedBytes() throws {
        _ = try AppIconRenderer.png(fromSVG: svg, size: 64)

        try VipsLibrary.start()
        let loaded = svg.withUnsafeBytes { ef_vips_header($0.baseAddress, $0.count) }
        if let loaded { ef_vips_unref(loaded) }
        #expect(loaded == nil, "libvips must never read an SVG, whatever draws the icon")
        _ = VipsLibrary.takeErrorMessage()
    }

    @Test func maskableIconFillsItsWholeSquareAndKeepsTheDrawingInsideTheSafeZone() throws {
        let png = try AppIconRenderer.png(fromSVG: svg, size: 512, maskable: true, background: (0xE8, 0x62, 0x3A))

        let image = try VipsImageHandle.decoded(png)
        #expect(image.width == 512 && image.height == 512)
        #expect(!image.hasAlpha)
        let pixels = try #require(image.pixels())
        #expect(Self.pixel(in: pixels, x: 0, y: 0) == [0xE8, 0x62, 0x3A], "corners are the background, not transparent")
        #expect(Self.pixel(in: pixels, x: 256, y: 256) == [255, 255, 255], "the drawing is centred")
    }

    private static func pixel(in pixels: [UInt8], x: Int, y: Int) -> [UInt8] {
        let start: Int = (y * 512 + x) * 3
        return Array(pixels[start..<(start + 3)])
    }

    @Test func manyRendersAtOnce_allSucceed() async throws {
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<24 {
                group.addTask { [svg] in
                    let png = try AppIconRenderer.png(fromSVG: svg, size: 48 + index, maskable: index % 2 == 0)
                    return try VipsImageHandle.decoded(png).width
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted()
        }

        #expect(sizes == Array(48..<72))
    }

    @Test func anSVGSentAsAPhoto_isRefusedBeforeAnyDecoding() {
        #expect(throws: PhotoProcessingError.unsupportedFormat) { try PhotoProcessor().process(svg) }
    }

    @Test func refusesBytesThatAreNotAnSVG() {
        #expect(throws: PhotoProcessingError.self) { try AppIconRenderer.png(fromSVG: Data("not an svg".utf8), size: 192) }
    }
}

extension VipsImageHandle {
    static func decoded(_ bytes: Data) throws -> VipsImageHandle {
        try VipsLibrary.start()
        let pointer = try #require(bytes.withUnsafeBytes { ef_vips_header($0.baseAddress, $0.count) })
        return VipsImageHandle(pointer)
    }
}
