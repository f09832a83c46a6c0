import BlurHash
import Testing

@Suite struct BlurHashTests {
    @Test func hashLengthFollowsTheComponentCounts() throws {
        let image = try gradient(width: 24, height: 16)
        for componentsX in BlurHash.componentRange {
            for componentsY in BlurHash.componentRange {
                let hash = try BlurHash.encode(image, componentsX: componentsX, componentsY: componentsY)
                #expect(hash.count == 6 + 2 * (componentsX * componentsY - 1), "\(componentsX)×\(componentsY)")
            }
        }
        #expect(try BlurHash.encode(image).count == 28)
    }

    @Test func firstCharacterEncodesTheComponentCounts() throws {
        let image = try gradient(width: 8, height: 8)
        #expect(try BlurHash.encode(image, componentsX: 1, componentsY: 1).first == "0")
        #expect(try BlurHash.encode(image, componentsX: 4, componentsY: 3).first == "L")  // 3 + 2 × 9 = 21
        #expect(try BlurHash.encode(image, componentsX: 9, componentsY: 9).first == "|")  // 8 + 8 × 9 = 80
    }

    @Test func refusesComponentCountsOutsideOneToNine() throws {
        let image = try gradient(width: 8, height: 8)
        #expect(throws: BlurHashError.componentCountOutOfRange) { try BlurHash.encode(image, componentsX: 0, componentsY: 3) }
        #expect(throws: BlurHashError.componentCountOutOfRange) { try BlurHash.encode(image, componentsX: 4, componentsY: 10) }
    }

    @Test func dcComponentIsTheAverageColourInLinearLight() throws {
        // Half black, half white: the linear average is 0.5, which sRGB writes as 188, not 128.
        var bytes = [UInt8]()
        for _ in 0..<4 { bytes += Array(repeating: 0, count: 4 * 3) + Array(repeating: 255, count: 4 * 3) }
        let image = try #require(RGBPixels(width: 8, height: 4, bytes: bytes))

        let hash = try BlurHash.encode(image)

        #expect(try BlurHash.averageColor(of: hash) == BlurHash.averageColor(of: image))
        #expect(BlurHash.averageColor(of: image) == RGBColor(red: 188, green: 188, blue: 188))
    }

    @Test func averageColourOfAPlainImageIsItsColour() throws {
        let colour = RGBColor(red: 200, green: 60, blue: 17)
        let image = try #require(RGBPixels(width: 5, height: 3, bytes: Array(repeating: [200, 60, 17], count: 15).flatMap { $0 }))
        #expect(BlurHash.averageColor(of: image) == colour)
        #expect(try BlurHash.averageColor(of: BlurHash.encode(image)) == colour)
        #expect(colour.hex == "#C83C11")
    }

    @Test func decodeOfAnEncodedImageIsCloseToIt() throws {
        let image = try gradient(width: 32, height: 24)

        let hash = try BlurHash.encode(image, componentsX: 4, componentsY: 3)
        let decoded = try BlurHash.decode(hash, width: 32, height: 24)

        #expect(decoded.width == 32 && decoded.height == 24)
        let differences = zip(image.bytes, decoded.bytes).map { abs(Int($0) - Int($1)) }
        let meanDifference = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(meanDifference < 12, "mean difference \(meanDifference) of 255")
    }

    @Test func decodeOfAHashOfAnotherImageIsFarFromIt() throws {
        let image = try gradient(width: 32, height: 24)
        let mirrored = try #require(RGBPixels(width: 32, height: 24, bytes: image.bytes.map { 255 - $0 }))

        let decoded = try BlurHash.decode(BlurHash.encode(mirrored), width: 32, height: 24)

        let differences = zip(image.bytes, decoded.bytes).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) > 40)
    }

    @Test func decodesAHashFromThePublishedExamples() throws {
        // A 4 × 3 hash other libraries made: it decodes, and says its average colour.
        let decoded = try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 4, height: 3)
        #expect(decoded.bytes.count == 4 * 3 * 3)
        #expect(try BlurHash.averageColor(of: "LEHV6nWB2yk8pyo0adR*.7kCMdnj").hex.count == 7)
    }

    @Test func refusesMalformedHashes() {
        #expect(throws: BlurHashError.invalidLength) { try BlurHash.decode("LEHV6", width: 4, height: 4) }
        #expect(throws: BlurHashError.invalidLength) { try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdn", width: 4, height: 4) }
        #expect(throws: BlurHashError.invalidCharacter) { try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMd\u{e9}j", width: 4, height: 4) }
        #expect(throws: BlurHashError.sizeOutOfRange) { try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 0, height: 4) }
        #expect(throws: BlurHashError.sizeOutOfRange) { try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 10_000, height: 10_000) }
    }

    @Test func pixelsMustMatchTheirSize() {
        #expect(RGBPixels(width: 2, height: 2, bytes: Array(repeating: 0, count: 11)) == nil)
        #expect(RGBPixels(width: 0, height: 2, bytes: []) == nil)
        #expect(RGBPixels(width: 2, height: 2, bytes: Array(repeating: 0, count: 12)) != nil)
    }

    /// Red rising left to right, blue rising top to bottom, green constant.
    private func gradient(width: Int, height: Int) throws -> RGBPixels {
        var bytes = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x * 255 / max(width - 1, 1)), 90, UInt8(y * 255 / max(height - 1, 1))]
            }
        }
        return try #require(RGBPixels(width: width, height: height, bytes: bytes))
    }
}
