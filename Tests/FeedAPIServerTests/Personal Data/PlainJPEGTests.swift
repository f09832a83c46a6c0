import Foundation
import MediaPipeline
import PhotoFixtures
import Testing

@testable import PersonalArchives

/// An imported JPEG is kept byte for byte only when it holds its picture and nothing else:
/// what the media pipeline writes passes; anything that could carry metadata or other bytes
/// does not.
struct PlainJPEGTests {
    @Test func whatThePipelineWrites_isPlain() throws {
        #expect(PlainJPEG.isPlain(try pipelineJPEG()))
    }

    @Test func aSegmentBesidesThePictures_isNotPlain() throws {
        let jpeg = try pipelineJPEG()
        let payload = Data("GPS:48.858370,2.294481".utf8)

        #expect(!PlainJPEG.isPlain(inserting(segment(0xFE, payload), into: jpeg)), "a comment")
        #expect(!PlainJPEG.isPlain(inserting(segment(0xE1, Data("Exif\0\0".utf8) + payload), into: jpeg)), "EXIF")
        #expect(!PlainJPEG.isPlain(inserting(segment(0xE2, Data("ICC_PROFILE\0".utf8) + payload), into: jpeg)), "ICC")
        #expect(!PlainJPEG.isPlain(inserting(segment(0xE0, Data("JFIF\0".utf8) + payload), into: jpeg)), "text in a JFIF header")
        #expect(!PlainJPEG.isPlain(inserting(segment(0xE0, Data("JFXX\0".utf8) + payload), into: jpeg)), "a JFIF extension")
    }

    @Test func tablesBeyondWhatAPictureUses_areNotPlain() throws {
        let jpeg = try pipelineJPEG()
        var smuggled = Data()
        for _ in 0..<40 { smuggled += segment(0xC4, Data([0x10]) + Data(repeating: 1, count: 16) + Data("BIGSMUGGLE-HIDDEN-TEXT".utf8.prefix(16))) }

        #expect(!PlainJPEG.isPlain(inserting(smuggled, into: jpeg)), "more Huffman tables than any scan needs")
        #expect(!PlainJPEG.isPlain(inserting(segment(0xC4, Data(repeating: 0x41, count: 5_000)), into: jpeg)), "more header bytes than a picture's")
        #expect(!PlainJPEG.isPlain(inserting(Data((0..<5).flatMap { _ in segment(0xDB, Data(repeating: 1, count: 65)) }), into: jpeg)))
    }

    @Test func bytesAfterTheEndOfTheImage_orNoEnd_areNotPlain() throws {
        let jpeg = try pipelineJPEG()

        #expect(!PlainJPEG.isPlain(jpeg + Data("<html><script>alert(1)</script></html>".utf8)))
        #expect(!PlainJPEG.isPlain(jpeg.dropLast(2)))
        #expect(!PlainJPEG.isPlain(Data(jpeg.prefix(jpeg.count / 2))))
        #expect(!PlainJPEG.isPlain(Data([0xFF, 0xD8, 0xFF, 0xD9])), "no picture at all")
    }

    // MARK: - Helpers

    private func pipelineJPEG() throws -> Data {
        let photo = try PhotoProcessor().process(try PhotoFixtures.photo(width: 320, height: 240, seed: 5))
        return try #require(photo.renditions[.full]?.bytes)
    }

    private func segment(_ marker: UInt8, _ data: Data) -> Data {
        let length = data.count + 2
        return Data([0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]) + data
    }

    /// The segment right after the start of image, before every other header.
    private func inserting(_ segment: Data, into jpeg: Data) -> Data {
        Data(jpeg.prefix(2)) + segment + Data(jpeg.dropFirst(2))
    }
}
