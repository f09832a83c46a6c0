import HTTPServerSupport
import NIOCore
import Testing

@Suite("Splitting a multipart body into parts, whatever bytes arrive")
struct MultipartParserTests {
    @Test func findsEachPartsHeadersAndBytes_whateverTheChunking() throws {
        let body =
            "preamble\r\n--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nfirst\r\n"
            + "--B  \r\ncontent-type:   text/plain  \r\n\r\n\r\n--Cnot-a-boundary\r\n-\r\n--B--\r\nepilogue --B\r\n"
        for size in [1, 2, 3, 5, 16, body.utf8.count] {
            let (parts, complete) = try Self.parts(of: Array(body.utf8), boundary: "B", chunkSize: size)
            #expect(complete)
            #expect(
                parts == [
                    Part(headers: [.init(name: "Content-Disposition", value: "form-data; name=\"a\"")], body: "first"),
                    Part(headers: [.init(name: "content-type", value: "text/plain")], body: "\r\n--Cnot-a-boundary\r\n-")
                ], "chunks of \(size)")
        }
    }

    @Test func aBodyMayOpenWithItsBoundary_andAPartMayHaveNoHeaders() throws {
        let (parts, complete) = try Self.parts(of: Array("--B\r\n\r\nx\r\n--B--".utf8), boundary: "B", chunkSize: 4)
        #expect(complete)
        #expect(parts == [Part(headers: [], body: "x")])
    }

    /// The 24 bytes that stopped the whole program when a byte ≥ 0x80 reached a header name.
    @Test(arguments: [[0xC3, 0xA9], [0x80], [0xFF], [0x00], [0x7F], [0x20], [0x28]])
    func refusesAHeaderNameWithABytesAHeaderNameCannotHave(_ bytes: [UInt8]) {
        let body = Array("--B\r\n".utf8) + bytes + Array(": x\r\n\r\nv\r\n--B--\r\n".utf8)
        #expect(throws: MultipartParser.Error.malformed("a part's header name has a character a header name cannot have")) {
            try Self.parts(of: body, boundary: "B", chunkSize: 3)
        }
    }

    @Test func refusesAHeaderLineWithoutAColonOrAName() {
        for line in ["Content-Disposition form-data", ": no name"] {
            #expect(throws: MultipartParser.Error.self) {
                try Self.parts(of: Array("--B\r\n\(line)\r\n\r\nv\r\n--B--".utf8), boundary: "B", chunkSize: 7)
            }
        }
    }

    @Test func refusesABoundaryFollowedByAnythingButALineBreakOrItsEnd() {
        #expect(throws: MultipartParser.Error.malformed("a boundary is followed by something other than a line break or `--`")) {
            try Self.parts(of: Array("--B\r\nA: b\r\n\r\nv\r\n--Bx\r\n".utf8), boundary: "B", chunkSize: 100)
        }
    }

    @Test func refusesHeadersOverTheirBound_inBytesOrLines_beforeTheyEnd() {
        let longLine = Array("--B\r\nX: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: MultipartParser.maximumHeaderBytes)
        #expect(throws: MultipartParser.Error.headersTooLarge) { try Self.parts(of: longLine, boundary: "B", chunkSize: 1_000) }

        let manyLines = "--B\r\n" + String(repeating: "X: y\r\n", count: MultipartParser.maximumHeaderCount + 1)
        #expect(throws: MultipartParser.Error.headersTooLarge) { try Self.parts(of: Array(manyLines.utf8), boundary: "B", chunkSize: 1_000) }
    }

    @Test func keepsBackOnlyWhatMightBeginABoundary() throws {
        var parser = MultipartParser(boundary: "boundary")
        _ = try parser.parse(ByteBuffer(string: "--boundary\r\n\r\n"))
        let events = try parser.parse(ByteBuffer(string: String(repeating: "z", count: 1_000) + "\r\n--bou"))
        let held = events.reduce(0) { total, event in
            if case let .bodyBytes(bytes) = event { return total + bytes.readableBytes }
            return total
        }
        #expect(held == 1_000 + "\r\n--bou".utf8.count - ("\r\n--boundary".utf8.count - 1))
        #expect(!parser.isComplete)
    }

    @Test func isIncompleteUntilTheClosingBoundary() throws {
        let (_, complete) = try Self.parts(of: Array("--B\r\n\r\nv\r\n--B\r\n".utf8), boundary: "B", chunkSize: 2)
        #expect(!complete)
    }

    // MARK: - Helpers

    struct Part: Equatable {
        var headers: [MultipartParser.Header]
        var body: String
    }

    @discardableResult
    private static func parts(of bytes: [UInt8], boundary: String, chunkSize: Int) throws -> ([Part], complete: Bool) {
        var parser = MultipartParser(boundary: boundary)
        var parts: [Part] = []
        var current: Part?
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            for event in try parser.parse(ByteBuffer(bytes: bytes[offset..<end])) {
                switch event {
                case .partBegan(let headers):
                    current = Part(headers: headers, body: "")
                case .bodyBytes(let buffer):
                    current?.body += String(buffer: buffer)
                case .partEnded:
                    current.map { parts.append($0) }
                    current = nil
                }
            }
            offset = end
        }
        return (parts, parser.isComplete)
    }
}
