import EssentialApp
import FeedAPIServer
import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import MediaPipeline
import PersonalArchives
import ZIPFoundation

/// The parsers that read bytes from anyone on the network, each driven by arbitrary input.
/// A target returns for every input; a crash, a trap or a broken invariant is a finding.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// A photo upload's body, in chunks of a size the input chooses, through the form reader.
    case multipart
    /// The JSON bodies of a log-in and a new comment, and the checks each route makes.
    case jsonBodies = "json-bodies"
    /// A `Cookie` field, and the session id the app reads from it.
    case cookies
    /// A request target's query through the feed's page query, and a form-encoded body.
    case query
    /// A photo's bytes through the JPEG marker reader that bounds decoding before libvips sees them,
    /// and the check that lets an imported JPEG be kept byte for byte.
    case jpegStructure = "jpeg-structure"
    /// A personal archive someone imports: its ZIP structure, each entry read within its bound,
    /// each description decoded and checked, each photo's JPEG header looked at.
    case archive

    package func run(_ input: Data) {
        switch self {
        case .multipart: Self.multipart(input)
        case .jsonBodies: Self.jsonBodies(input)
        case .cookies: Self.cookies(input)
        case .query: Self.query(input)
        case .jpegStructure: Self.jpegStructure(input)
        case .archive: Self.archive(input)
        }
    }

    private static func multipart(_ input: Data) {
        guard let chunkSize = input.first.map({ Int($0) + 1 }) else { return }
        let body = input.dropFirst()
        var parser = MultipartParser(boundary: "B")
        var emitted = 0
        var offset = body.startIndex
        while offset < body.endIndex {
            let end = min(offset + chunkSize, body.endIndex)
            guard let events = try? parser.parse(ByteBuffer(bytes: body[offset..<end])) else { break }
            for case let .bodyBytes(bytes) in events { emitted += bytes.readableBytes }
            offset = end
        }
        guard emitted <= body.count else { preconditionFailure("the parser gave more body bytes than it was given") }

        let chunks = stride(from: body.startIndex, to: body.endIndex, by: chunkSize).map { start in
            ByteBuffer(bytes: body[start..<min(start + chunkSize, body.endIndex)])
        }
        waitFor {
            do {
                let form = try await MultipartForm.read(
                    Chunks(chunks), contentType: "multipart/form-data; boundary=B", limits: .init(fileBytes: 4_096, fieldCharacters: 64, parts: 8))
                guard form.fields.count <= 8, (form.file?.count ?? 0) <= 4_096 else { preconditionFailure("a limit was not kept") }
            } catch is MultipartForm.Failure {
                // Refused: what a client sending these bytes gets, as a 4xx.
            } catch {
                preconditionFailure("the form reader threw \(error), which a route would answer with a 500")
            }
        }
    }

    private static func archive(_ input: Data) {
        // Through a file, as an import reads an upload: ZIPFoundation's in-memory archives
        // are another reader, which the program never uses.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-archive-\(getpid()).zip")
        let contents: ArchiveContents
        do {
            try input.write(to: file)
            contents = try ArchiveContents(try Archive(url: file, accessMode: .read), maximumEntries: 64)
        } catch {
            // Refused whole: not an archive, or too many entries.
            return
        }
        for (photo, description) in contents.photos {
            if let bytes = contents.read(photo, limit: 8_192) {
                guard bytes.count <= 8_192 else { preconditionFailure("an entry was read past its bound") }
                _ = PlainJPEG.isPlain(bytes)
            }
            if case .success(let post) = contents.description(description, limit: 4_096), let post {
                guard (post.description?.count ?? 0) <= PostTextBounds.text else { preconditionFailure("a description out of bounds was accepted") }
            }
        }
    }

    private static func jsonBodies(_ input: Data) {
        let decoder = JSONDecoder()
        if let logIn = try? decoder.decode(LogInBody.self, from: input) {
            _ = logIn.isCheckable
        }
        if let comment = try? decoder.decode(NewCommentBody.self, from: input), let message = comment.acceptedMessage {
            guard (1...2_000).contains(message.count) else { preconditionFailure("a comment out of bounds was accepted") }
        }
    }

    private static func jpegStructure(_ input: Data) {
        let structure = input.withUnsafeBytes { JPEGStructure(scanning: $0) }
        // Each scan takes at least its marker and length: the count is bounded by the bytes.
        guard structure.scanCount <= input.count / 4, structure.coefficientBytes >= 0,
            (0...65_535).contains(structure.width), (0...65_535).contains(structure.height)
        else {
            preconditionFailure("the JPEG reader reported \(structure) for \(input.count) bytes")
        }
        // What an import keeps byte for byte ends with the end of its image, nothing after.
        if PlainJPEG.isPlain(input), input.suffix(2) != Data([0xFF, 0xD9]) {
            preconditionFailure("a JPEG that does not end with its end of image read as plain")
        }
    }

    private static func cookies(_ input: Data) {
        let request = Self.request(path: "/", fields: [.cookie: String(decoding: input, as: UTF8.self)])
        for name in ["ef_session", "ef_log_in", "__Host-ef_session"] {
            guard let value = request.cookies[name]?.value, let secrets = SessionSecrets(id: value) else { continue }
            guard secrets.id == value else { preconditionFailure("a session id read back differently") }
        }
    }

    private static func query(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        let request = Self.request(path: "/essential-feed/v1/feed?" + text, fields: [:])
        if let query = try? FeedPageQuery(parameters: Array(request.uri.queryParameters)) {
            guard (1...50).contains(query.limit) else { preconditionFailure("a limit out of range was accepted") }
        }
        _ = FormBody.parse(text)
    }

    private static func request(path: String, fields: HTTPFields) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: path, headerFields: fields),
            body: RequestBody(buffer: ByteBuffer()))
    }

    /// libFuzzer calls in synchronously; the form reader is asynchronous.
    private static func waitFor(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await work()
            done.signal()
        }
        done.wait()
    }
}

/// A body that arrives in the given chunks.
private struct Chunks: AsyncSequence, Sendable {
    let chunks: [ByteBuffer]

    init(_ chunks: [ByteBuffer]) {
        self.chunks = chunks
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<ByteBuffer>

        mutating func next() async throws -> ByteBuffer? {
            remaining.popFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(remaining: chunks[...])
    }
}
