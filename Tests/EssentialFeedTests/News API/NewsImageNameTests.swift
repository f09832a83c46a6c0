import EssentialFeed
import Foundation
import Testing

@Suite struct NewsImageNameTests {
    private let digest = String(repeating: "ab12", count: 16)
    private let baseURL = URL(string: "http://api.test/essential-feed")!

    @Test func acceptsOnlyADigestWithTheExtensionOfAFormatTheAPIServes() {
        #expect(NewsImageName.isValid("\(digest).jpg"))
        #expect(NewsImageName.isValid("\(digest).png"))
        #expect(NewsImageName.isValid("\(digest).webp"))
        #expect(!NewsImageName.isValid("\(digest).gif"))
        #expect(!NewsImageName.isValid("\(digest.uppercased()).jpg"))
        #expect(!NewsImageName.isValid("\(digest.dropLast()).jpg"))
        #expect(!NewsImageName.isValid("../\(digest).jpg"))
        #expect(!NewsImageName.isValid("\(digest).jpg.jpg"))
        #expect(!NewsImageName.isValid("\(digest).jpgx"))
        #expect(!NewsImageName.isValid("\(digest).webq"))
        #expect(!NewsImageName.isValid("\(digest)xjpg"))
        #expect(!NewsImageName.isValid("\(digest.dropLast())é.jpg"))
        #expect(!NewsImageName.isValid(""))
    }

    @Test func addressesTheImageUnderTheAPIsImages_andReadsTheNameBackFromSuchAnAddress() {
        let url = NewsImageName.url(of: "\(digest).jpg", baseURL: baseURL)

        #expect(url.absoluteString == "http://api.test/essential-feed/v1/images/\(digest).jpg")
        #expect(NewsImageName.name(in: url) == "\(digest).jpg")
        #expect(NewsImageName.name(in: URL(string: "http://elsewhere.test/photos/\(digest).jpg")!) == nil)
        #expect(NewsImageName.name(in: URL(string: "http://api.test/v1/images/not-a-digest.jpg")!) == nil)
        #expect(NewsImageName.name(in: URL(string: "http://api.test/xv1/images/\(digest).jpg")!) == nil)
        #expect(NewsImageName.name(in: URL(string: "http://api.test/v1/images-old/\(digest).jpg")!) == nil)
        #expect(NewsImageName.name(in: URL(string: "http://api.test/v1/images/\(digest).jpg?size=thumb")!) == "\(digest).jpg")
    }
}
