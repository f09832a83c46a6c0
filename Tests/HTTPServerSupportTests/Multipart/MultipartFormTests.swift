import Foundation
import HTTPServerSupport
import NIOCore
import Synchronization
import Testing

@Suite("Reading a multipart form with one file, within limits")
struct MultipartFormTests {
    private static let boundary = "form-boundary-7"
    private static let contentType = "multipart/form-data; boundary=\(boundary)"

    @Test func readsTheFileAndEveryTextField_whateverTheChunking() async throws {
        let photo = Data((0..<3_000).map { UInt8($0 % 251) })
        let body = Self.body([
            .text("description", "A cat on a wall"),
            .file("photo", photo),
            .text("alt", "  Grey cat, eyes closed  ")
        ])
        for chunkSize in [1, 7, 512, body.count] {
            let form = try await MultipartForm.read(
                Self.chunks(of: body, size: chunkSize), contentType: Self.contentType,
                limits: .init(fileField: "photo", fileBytes: 10_000))
            #expect(form.file == photo)
            #expect(form.fields == ["description": "A cat on a wall", "alt": "  Grey cat, eyes closed  "])
            #expect(form.text("alt") == "Grey cat, eyes closed")
            #expect(form.text("location") == nil)
        }
    }

    @Test func blankTextReadsAsNoText() {
        #expect(MultipartForm(fields: ["location": " \n "]).text("location") == nil)
    }

    @Test func refusesAFileOverItsLimit_beforeReadingTheRest() async throws {
        let body = Self.body([.file("file", Data(count: 2_001)), .text("description", "after")])
        await #expect(throws: MultipartForm.Failure.fileTooLarge(limit: 2_000)) {
            try await MultipartForm.read(Self.chunks(of: body, size: 256), contentType: Self.contentType, limits: .init(fileBytes: 2_000))
        }
    }

    @Test func refusesTextOverItsCharacterLimit_countingCharactersNotBytes() async throws {
        let fits = Self.body([.text("description", String(repeating: "é", count: 10))])
        let form = try await MultipartForm.read(Self.chunks(of: fits, size: 5), contentType: Self.contentType, limits: .init(fileBytes: 1, fieldCharacters: 10))
        #expect(form.fields["description"]?.count == 10)

        let over = Self.body([.text("description", String(repeating: "a", count: 11))])
        await #expect(throws: MultipartForm.Failure.fieldTooLong(name: "description", limit: 10)) {
            try await MultipartForm.read(Self.chunks(of: over, size: 5), contentType: Self.contentType, limits: .init(fileBytes: 1, fieldCharacters: 10))
        }
    }

    @Test func refusesMorePartsThanItsLimit() async throws {
        let body = Self.body((0..<4).map { .text("field\($0)", "x") })
        await #expect(throws: MultipartForm.Failure.tooManyParts(limit: 3)) {
            try await MultipartForm.read(Self.chunks(of: body, size: 64), contentType: Self.contentType, limits: .init(fileBytes: 1, parts: 3))
        }
    }

    @Test func refusesABodyCutShort() async throws {
        let body = Self.body([.file("file", Data(count: 100))])
        await #expect(throws: MultipartForm.Failure.self) {
            try await MultipartForm.read(Self.chunks(of: body.prefix(body.count - 20), size: 64), contentType: Self.contentType, limits: .init(fileBytes: 1_000))
        }
    }

    @Test func aBodyThatFailsMidway_isCutShort_notAServerError() async throws {
        let body = Self.body([.file("file", Data(count: 100))])
        let hangingUp = AsyncThrowingStream<ByteBuffer, any Error> { continuation in
            continuation.yield(ByteBuffer(bytes: body.prefix(60)))
            continuation.finish(throwing: ClientWentAway())
        }
        await #expect(throws: MultipartForm.Failure.bodyCutShort) {
            try await MultipartForm.read(hangingUp, contentType: Self.contentType, limits: .init(fileBytes: 1_000))
        }
    }

    @Test func aBodyBelowTheMinimumRate_isCutOnceItsGracePeriodIsOver() async throws {
        let body = Self.body([.text("csrf", "token"), .file("file", Data(count: 2_000))])
        let clock = ManualInstants()
        let rate = MinimumBodyRate(bytesPerSecond: 100, gracePeriod: .seconds(10))
        var reader = try MultipartFormReader(
            Self.chunks(of: body, size: 500), contentType: Self.contentType, limits: .init(fileBytes: 10_000),
            minimumRate: rate, now: { clock.now })
        clock.advance(by: .seconds(9))
        #expect(try await reader.readFirstField()?.name == "csrf", "within the grace period, any rate")
        clock.advance(by: .seconds(2))
        await #expect(throws: MultipartForm.Failure.tooSlow(rate), "1,000 bytes in 11 s is under 100 a second") {
            try await reader.readForm()
        }

        var fastEnough = try MultipartFormReader(
            Self.chunks(of: body, size: body.count), contentType: Self.contentType, limits: .init(fileBytes: 10_000),
            minimumRate: rate, now: { clock.now })
        clock.advance(by: .seconds(20))
        #expect(try await fastEnough.readForm().file?.count == 2_000, "over 2,000 bytes in 20 s is over 100 a second")
    }

    @Test func aBodyFastEnoughButLongerThanTheMaximumDuration_isCut() async throws {
        let body = Self.body([.text("csrf", "token"), .file("file", Data(count: 2_000))])
        let clock = ManualInstants()
        let rate = MinimumBodyRate(bytesPerSecond: 1, gracePeriod: .seconds(10), maximumDuration: .seconds(60))
        var reader = try MultipartFormReader(
            Self.chunks(of: body, size: 500), contentType: Self.contentType, limits: .init(fileBytes: 10_000),
            minimumRate: rate, now: { clock.now })
        clock.advance(by: .seconds(59))
        #expect(try await reader.readFirstField()?.name == "csrf", "within the maximum duration")
        clock.advance(by: .seconds(2))
        await #expect(throws: MultipartForm.Failure.tooSlow(rate), "far over a byte a second, but after 61 s") {
            try await reader.readForm()
        }
    }

    @Test func readsTheFirstFieldAlone_beforeTheRestOfTheForm() async throws {
        let body = Self.body([.text("csrf", "token"), .file("file", Data(count: 10))])
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let firstPart = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken\r\n--\(Self.boundary)\r\n"
        continuation.yield(ByteBuffer(bytes: body.prefix(firstPart.utf8.count)))
        var reader = try MultipartFormReader(stream, contentType: Self.contentType, limits: .init(fileBytes: 100))
        let first = try await reader.readFirstField()
        #expect(first?.name == "csrf")
        #expect(first?.text == "token")
        continuation.yield(ByteBuffer(bytes: body.dropFirst(firstPart.utf8.count)))
        continuation.finish()
        let form = try await reader.readForm()
        #expect(form.fields == ["csrf": "token"])
        #expect(form.file?.count == 10)
    }

    @Test func refusesTextThatIsNotUTF8() async throws {
        let body = Self.body([.raw("description", Data([0xFF, 0xFE, 0x41]))])
        await #expect(throws: MultipartForm.Failure.malformed("the field description is not UTF-8 text")) {
            try await MultipartForm.read(Self.chunks(of: body, size: 64), contentType: Self.contentType, limits: .init(fileBytes: 1_000))
        }
    }

    @Test(arguments: [nil, "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary="])
    func refusesABodyThatIsNotAMultipartFormWithABoundary(contentType: String?) async throws {
        await #expect(throws: MultipartForm.Failure.notMultipart) {
            try await MultipartForm.read(Self.chunks(of: Data(), size: 1), contentType: contentType, limits: .init(fileBytes: 1_000))
        }
    }

    @Test func findsTheBoundaryQuotedOrNot_amongOtherParameters() {
        #expect(MultipartForm.boundary(ofContentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(ofContentType: "multipart/form-data;boundary=xyz") == "xyz")
        #expect(MultipartForm.boundary(ofContentType: "multipart/form-data; boundary=\(String(repeating: "b", count: 71))") == nil)
    }

    // MARK: - Helpers

    private struct ClientWentAway: Error {}

    private final class ManualInstants: Sendable {
        private let start = ContinuousClock.now
        private let offset = Mutex(Duration.zero)

        var now: ContinuousClock.Instant { start.advanced(by: offset.withLock { $0 }) }

        func advance(by duration: Duration) {
            offset.withLock { $0 += duration }
        }
    }

    private enum Part {
        case text(String, String)
        case raw(String, Data)
        case file(String, Data)
    }

    private static func body(_ parts: [Part]) -> Data {
        var body = Data()
        for part in parts {
            body += Data("--\(boundary)\r\n".utf8)
            switch part {
            case let .text(name, value):
                body += Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            case let .raw(name, value):
                body += Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + value + Data("\r\n".utf8)
            case let .file(name, data):
                body += Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"cat.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
                body += data + Data("\r\n".utf8)
            }
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    private static func chunks(of data: Data, size: Int) -> AsyncThrowingStream<ByteBuffer, any Error> {
        AsyncThrowingStream { continuation in
            var offset = data.startIndex
            while offset < data.endIndex {
                let end = min(offset + max(size, 1), data.endIndex)
                continuation.yield(ByteBuffer(bytes: data[offset..<end]))
                offset = end
            }
            continuation.finish()
        }
    }
}
