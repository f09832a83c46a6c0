import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct RasterTests {
    private let red = RGBColor(red: 1, green: 0, blue: 0)

    @Test func init_fillsEveryPixelWithTheBackground() {
        let sut = Raster(width: 3, height: 2, background: RGBColor(red: 1, green: 0.5, blue: 0))

        #expect(sut.pixels == Array([255, 128, 0].repeated(6)))
    }

    @Test func init_clampsColourComponentsOutsideTheUnitInterval() {
        let sut = Raster(width: 1, height: 1, background: RGBColor(red: 2, green: -1, blue: 0.5))

        #expect(sut.bytes(atX: 0, y: 0) == [255, 0, 128])
    }

    @Test func fillRect_paintsInsideAndClipsToTheRaster() {
        var sut = Raster(width: 4, height: 4, background: .black)

        sut.fillRect(x: 2, y: -3, width: 10, height: 5, color: red)

        #expect(sut.bytes(atX: 2, y: 0) == [255, 0, 0])
        #expect(sut.bytes(atX: 3, y: 1) == [255, 0, 0])
        #expect(sut.bytes(atX: 1, y: 1) == [0, 0, 0])
        #expect(sut.bytes(atX: 2, y: 2) == [0, 0, 0])
    }

    @Test func fillRect_blendsWithTheGivenOpacity() {
        var sut = Raster(width: 1, height: 1, background: .black)

        sut.fillRect(x: 0, y: 0, width: 1, height: 1, color: .white, opacity: 0.5)

        #expect(sut.bytes(atX: 0, y: 0) == [128, 128, 128])
    }

    @Test func fillCircle_coversItsCentreAndLeavesPixelsBeyondItsEdgeUntouched() {
        var sut = Raster(width: 21, height: 21, background: .black)

        sut.fillCircle(centerX: 10.5, centerY: 10.5, radius: 5, color: red)

        #expect(sut.bytes(atX: 10, y: 10) == [255, 0, 0])
        #expect(sut.bytes(atX: 10, y: 6) == [255, 0, 0])
        #expect(sut.bytes(atX: 10, y: 4) == [0, 0, 0])
        #expect(sut.bytes(atX: 16, y: 10) == [0, 0, 0])
        #expect(sut.bytes(atX: 0, y: 0) == [0, 0, 0])
    }

    @Test func fillEllipse_coversItsAxesAndLeavesTheCornersOfItsBoxUntouched() {
        var sut = Raster(width: 41, height: 21, background: .black)

        sut.fillEllipse(centerX: 20.5, centerY: 10.5, radiusX: 16, radiusY: 6, color: red)

        #expect(sut.bytes(atX: 20, y: 10) == [255, 0, 0])
        #expect(sut.bytes(atX: 6, y: 10) == [255, 0, 0], "along its long axis")
        #expect(sut.bytes(atX: 20, y: 5) == [255, 0, 0], "along its short axis")
        #expect(sut.bytes(atX: 20, y: 2) == [0, 0, 0])
        #expect(sut.bytes(atX: 6, y: 5) == [0, 0, 0], "a corner of its box")
        #expect(sut.bytes(atX: 2, y: 10) == [0, 0, 0])
    }

    @Test(arguments: [false, true])
    func fillTriangle_coversItsInsideInEitherWinding_smoothsItsEdges(reversed: Bool) {
        var sut = Raster(width: 21, height: 21, background: .black)
        let corners: [(x: Double, y: Double)] = [(2, 2), (18, 2), (2, 18)]
        let (a, b, c) = reversed ? (corners[2], corners[1], corners[0]) : (corners[0], corners[1], corners[2])

        sut.fillTriangle(a, b, c, color: .white)

        #expect(sut.bytes(atX: 5, y: 5) == [255, 255, 255])
        #expect(sut.bytes(atX: 15, y: 15) == [0, 0, 0], "beyond its long edge")
        #expect(sut.bytes(atX: 0, y: 10) == [0, 0, 0])
        let edge = sut.bytes(atX: 9, y: 10)[0]
        #expect(edge > 0 && edge < 255, "a pixel the long edge crosses is partly covered")
    }

    @Test func fillTriangle_ofThreePointsInALine_paintsNothing() {
        var sut = Raster(width: 5, height: 5, background: .black)

        sut.fillTriangle((0, 0), (2, 2), (4, 4), color: .white)

        #expect(sut.pixels.allSatisfy { $0 == 0 })
    }

    @Test func fillCircle_smoothsItsEdge() {
        var sut = Raster(width: 21, height: 21, background: .black)

        sut.fillCircle(centerX: 10.5, centerY: 10.5, radius: 5, color: .white)

        let edge = sut.bytes(atX: 14, y: 13)[0]
        #expect(edge > 0 && edge < 255)
    }

    @Test func fillCircle_survivesACircleOutsideTheRaster() {
        var sut = Raster(width: 4, height: 4, background: .black)

        sut.fillCircle(centerX: -50, centerY: 80, radius: 10, color: red)

        #expect(sut.pixels == Array([0, 0, 0].repeated(16)))
    }

    @Test func fillBelow_paintsFromTheRidgeDownAndKeepsTheSkyAbove() {
        var sut = Raster(width: 3, height: 6, background: .black)

        sut.fillBelow(ridge: { x in Double(x + 2) }, color: red)

        #expect(sut.bytes(atX: 0, y: 1) == [0, 0, 0])
        #expect(sut.bytes(atX: 0, y: 2) == [255, 0, 0])
        #expect(sut.bytes(atX: 2, y: 3) == [0, 0, 0])
        #expect(sut.bytes(atX: 2, y: 5) == [255, 0, 0])
    }

    @Test func fillBelow_blendsTheRowTheRidgeCrosses() {
        var sut = Raster(width: 1, height: 4, background: .black)

        sut.fillBelow(ridge: { _ in 1.5 }, color: .white)

        #expect(sut.bytes(atX: 0, y: 0) == [0, 0, 0])
        #expect(sut.bytes(atX: 0, y: 1) == [128, 128, 128])
        #expect(sut.bytes(atX: 0, y: 2) == [255, 255, 255])
    }

    @Test func fillVerticalGradient_runsThroughItsStopsFromTopToBottom() {
        var sut = Raster(width: 2, height: 3, background: .black)

        sut.fillVerticalGradient([(0, .black), (1, .white)])

        #expect(sut.bytes(atX: 1, y: 0) == [0, 0, 0])
        #expect(sut.bytes(atX: 1, y: 1) == [128, 128, 128])
        #expect(sut.bytes(atX: 1, y: 2) == [255, 255, 255])
    }
}

private extension Array {
    func repeated(_ count: Int) -> [Element] {
        (0..<count).flatMap { _ in self }
    }
}
