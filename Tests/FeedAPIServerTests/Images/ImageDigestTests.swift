import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct ImageDigestTests {
    @Test func digest_isTheLowercaseHexSHA256OfTheBytes() {
        #expect(ImageDigest(of: Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ImageDigest(of: [UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test(arguments: ["", "ABC", String(repeating: "g", count: 64), String(repeating: "A", count: 64), String(repeating: "a", count: 63)])
    func digest_rejectsAnythingButSixtyFourLowercaseHexDigits(name: String) {
        #expect(ImageDigest(hex: name) == nil)
    }
}
