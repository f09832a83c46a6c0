import Foundation
import Hummingbird

/// The fields of a `multipart/form-data` body with one file in it (a photo upload), read part
/// by part as the body arrives: the file part's bytes and every other part as a text field,
/// each within its limit, so a body never takes more memory than its limits allow.
public struct MultipartForm: Equatable, Sendable {
    public var file: Data?
    public var fields: [String: String] = [:]

    public init(file: Data? = nil, fields: [String: String] = [:]) {
        self.file = file
        self.fields = fields
    }

    public struct Limits: Sendable {
        /// The name of the part whose bytes are the file; every other part is text.
        public var fileField: String
        public var fileBytes: Int
        public var fieldCharacters: Int
        public var parts: Int

        public init(fileField: String = "file", fileBytes: Int, fieldCharacters: Int = 500, parts: Int = 16) {
            self.fileField = fileField
            self.fileBytes = fileBytes
            self.fieldCharacters = fieldCharacters
            self.parts = parts
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        /// The request is not `multipart/form-data` with a usable boundary.
        case notMultipart
        case fileTooLarge(limit: Int)
        case fieldTooLong(name: String, limit: Int)
        case tooManyParts(limit: Int)
        /// A part without a name, text that is not UTF-8, or bytes that break the syntax.
        case malformed(String)
        /// The body stopped before the form ended: the client hung up or broke its connection.
        case bodyCutShort
        /// The body arrives slower than the minimum rate, so it would hold its place for too long.
        case tooSlow(MinimumBodyRate)
    }

    /// A text field trimmed; `nil` when absent or blank.
    public func text(_ name: String) -> String? {
        let text = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? nil : text
    }

    /// - Throws: `Failure` for a body that is not such a form, breaks a limit, arrives slower
    ///   than `minimumRate` or stops short; `CancellationError` when the task is cancelled.
    public static func read(
        _ body: some AsyncSequence<ByteBuffer, any Error>, contentType: String?, limits: Limits,
        minimumRate: MinimumBodyRate? = nil
    ) async throws -> MultipartForm {
        var reader = try MultipartFormReader(body, contentType: contentType, limits: limits, minimumRate: minimumRate)
        return try await reader.readForm()
    }

    /// The `boundary` parameter of a `multipart/form-data` content type: 1 to 70 characters.
    public static func boundary(ofContentType contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        let boundary = parameters.dropFirst().lazy.compactMap { Self.value(of: "boundary", in: $0) }.first
        guard let boundary, (1...70).contains(boundary.count) else { return nil }
        return boundary
    }

    /// The value of `name=value` or `name="value"`; `nil` for another parameter.
    fileprivate static func value(of name: String, in parameter: String) -> String? {
        guard let equals = parameter.firstIndex(of: "="),
            parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == name
        else { return nil }
        var value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }
}

/// Reads a form as its body arrives, so a request can be judged by its first field (a CSRF
/// token, say) before anything is spent on the rest.
public struct MultipartFormReader<Body: AsyncSequence<ByteBuffer, any Error>> {
    private var chunks: Body.AsyncIterator
    private var parser: MultipartParser
    private var collector: PartCollector
    private let minimumRate: MinimumBodyRate?
    private let now: @Sendable () -> ContinuousClock.Instant
    private let startedAt: ContinuousClock.Instant
    private var bytesRead = 0

    /// - Parameter now: the clock the rate is measured by.
    /// - Parameter fileSink: when given, takes the file part's bytes as they arrive (to write
    ///   them to disk, say) instead of the form keeping them; `limits.fileBytes` still bounds them.
    /// - Throws: `MultipartForm.Failure.notMultipart` when `contentType` has no usable boundary.
    public init(
        _ body: Body, contentType: String?, limits: MultipartForm.Limits, minimumRate: MinimumBodyRate? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, fileSink: ((ByteBuffer) -> Void)? = nil
    ) throws(MultipartForm.Failure) {
        guard let boundary = contentType.flatMap(MultipartForm.boundary(ofContentType:)) else { throw .notMultipart }
        chunks = body.makeAsyncIterator()
        parser = MultipartParser(boundary: boundary)
        collector = PartCollector(limits: limits, fileSink: fileSink)
        self.minimumRate = minimumRate
        self.now = now
        startedAt = now()
    }

    /// Reads until the form's first part is complete; its name and text, or `nil` when the
    /// first part is the file.
    public mutating func readFirstField() async throws -> (name: String, text: String)? {
        while collector.completedParts == 0, try await readChunk() {}
        try collector.throwFailure()
        guard collector.completedParts > 0 else { throw MultipartForm.Failure.malformed("the body ends before its first part does") }
        return collector.firstField
    }

    /// Reads the rest of the form.
    public mutating func readForm() async throws -> MultipartForm {
        while try await readChunk() {}
        try collector.throwFailure()
        guard parser.isComplete else { throw MultipartForm.Failure.malformed("the body ends before its closing boundary") }
        return collector.form
    }

    /// `false` at the end of the body.
    private mutating func readChunk() async throws -> Bool {
        guard !parser.isComplete else { return false }
        let chunk: ByteBuffer?
        do {
            chunk = try await chunks.next()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // NIO tells of a connection closed mid-body with a parser error: it is the
            // client's doing, not the server's.
            throw MultipartForm.Failure.bodyCutShort
        }
        guard let chunk else { return false }
        bytesRead += chunk.readableBytes
        if let minimumRate, !minimumRate.isMet(by: bytesRead, after: startedAt.duration(to: now())) {
            throw MultipartForm.Failure.tooSlow(minimumRate)
        }
        let events: [MultipartParser.Event]
        do {
            events = try parser.parse(chunk)
        } catch .headersTooLarge {
            throw MultipartForm.Failure.malformed("a part's headers are longer than \(MultipartParser.maximumHeaderBytes) bytes")
        } catch .malformed(let reason) {
            throw MultipartForm.Failure.malformed(reason)
        }
        for event in events {
            collector.handle(event)
            try collector.throwFailure()
        }
        return true
    }
}

/// Gathers the parts `MultipartParser` finds: the first failure is kept and ends the reading.
private struct PartCollector {
    private let limits: MultipartForm.Limits
    private(set) var form = MultipartForm()
    private(set) var failure: MultipartForm.Failure?
    private(set) var completedParts = 0
    private(set) var firstField: (name: String, text: String)?
    private var partName: String?
    private var partBytes = Data()
    private var partsSeen = 0
    private let fileSink: ((ByteBuffer) -> Void)?
    private var fileBytesSunk = 0

    init(limits: MultipartForm.Limits, fileSink: ((ByteBuffer) -> Void)? = nil) {
        self.limits = limits
        self.fileSink = fileSink
    }

    func throwFailure() throws(MultipartForm.Failure) {
        if let failure { throw failure }
    }

    mutating func handle(_ event: MultipartParser.Event) {
        guard failure == nil else { return }
        switch event {
        case .partBegan(let headers):
            startPart(headers)
        case .bodyBytes(let bytes):
            append(bytes)
        case .partEnded:
            completePart()
        }
    }

    private mutating func startPart(_ headers: [MultipartParser.Header]) {
        partsSeen += 1
        guard partsSeen <= limits.parts else {
            failure = .tooManyParts(limit: limits.parts)
            return
        }
        partName = headers.last { $0.name.lowercased() == "content-disposition" }.flatMap { header in
            header.value.split(separator: ";").dropFirst()
                .lazy.compactMap { MultipartForm.value(of: "name", in: String($0)) }.first
        }
        partBytes = Data()
    }

    private mutating func append(_ buffer: ByteBuffer) {
        if partName == limits.fileField, let fileSink {
            fileBytesSunk += buffer.readableBytes
            guard fileBytesSunk <= limits.fileBytes else {
                failure = .fileTooLarge(limit: limits.fileBytes)
                return
            }
            fileSink(buffer)
            return
        }
        let limit = partName == limits.fileField ? limits.fileBytes : limits.fieldCharacters * 4
        guard partBytes.count + buffer.readableBytes <= limit else {
            failure =
                partName == limits.fileField
                ? .fileTooLarge(limit: limits.fileBytes)
                : .fieldTooLong(name: partName ?? "", limit: limits.fieldCharacters)
            return
        }
        partBytes.append(contentsOf: buffer.readableBytesView)
    }

    private mutating func completePart() {
        defer {
            partName = nil
            partBytes = Data()
            completedParts += 1
        }
        guard let name = partName, !name.isEmpty else {
            failure = .malformed("every part needs a name in its Content-Disposition")
            return
        }
        if name == limits.fileField {
            if fileSink == nil { form.file = partBytes }
            return
        }
        guard let text = String(data: partBytes, encoding: .utf8) else {
            failure = .malformed("the field \(name) is not UTF-8 text")
            return
        }
        guard text.count <= limits.fieldCharacters else {
            failure = .fieldTooLong(name: name, limit: limits.fieldCharacters)
            return
        }
        if completedParts == 0 { firstField = (name, text) }
        form.fields[name] = text
    }
}
