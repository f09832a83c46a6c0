import Foundation
import Testing

@testable import EssentialApp

@Suite struct ImageContentTypeTests {
    @Test(arguments: [
        (Data([0xFF, 0xD8, 0xFF, 0xE0]), "image/jpeg"),
        (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), "image/png"),
        (Data("GIF89a".utf8), "image/gif"),
        (Data("RIFF\0\0\0\0WEBPVP8 ".utf8), "image/webp"),
        (Data("<html>".utf8), "application/octet-stream"),
        (Data(), "application/octet-stream")
    ])
    func of_namesTheImageFormatFromItsFirstBytes(data: Data, expected: String) {
        #expect(ImageContentType.of(data) == expected)
    }
}
