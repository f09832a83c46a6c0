import Foundation
import Hummingbird
import MultipartKit

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
        /// A part without a name, text that is not UTF-8, or a body cut short.
        case malformed(String)
    }

    /// A text field trimmed; `nil` when absent or blank.
    public func text(_ name: String) -> String? {
        let text = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? nil : text
    }

    /// - Throws: `Failure` for a body that is not such a form or breaks a limit, and what
    ///   reading `body` throws.
    public static func read(_ body: some AsyncSequence<ByteBuffer, any Error>, contentType: String?, limits: Limits) async throws -> MultipartForm {
        guard let boundary = contentType.flatMap(Self.boundary(ofContentType:)) else { throw Failure.notMultipart }
        let collector = PartCollector(limits: limits)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.header(name, value) }
        parser.onBody = { buffer in collector.body(&buffer) }
        parser.onPartComplete = { collector.completePart() }
        for try await buffer in body {
            do {
                try parser.execute(buffer)
            } catch {
                throw Failure.malformed("the multipart body does not follow its boundary")
            }
            if let failure = collector.failure { throw failure }
        }
        if let failure = collector.failure { throw failure }
        guard collector.isBetweenParts else { throw Failure.malformed("the body ends in the middle of a part") }
        return collector.form
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
              parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == name else { return nil }
        var value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }
}

/// Gathers parts for `MultipartParser`'s callbacks, which cannot throw: the first failure is
/// kept and ends the reading.
private final class PartCollector {
    private let limits: MultipartForm.Limits
    private(set) var form = MultipartForm()
    private(set) var failure: MultipartForm.Failure?
    private var partName: String?
    private var partBytes = Data()
    private var partsSeen = 0
    private(set) var isBetweenParts = true

    init(limits: MultipartForm.Limits) {
        self.limits = limits
    }

    func header(_ name: String, _ value: String) {
        guard failure == nil else { return }
        if isBetweenParts { startPart() }
        guard name.lowercased() == "content-disposition" else { return }
        partName = value.split(separator: ";").dropFirst()
            .lazy.compactMap { MultipartForm.value(of: "name", in: String($0)) }.first
    }

    func body(_ buffer: inout ByteBuffer) {
        guard failure == nil else { return }
        if isBetweenParts { startPart() }
        let limit = partName == limits.fileField ? limits.fileBytes : limits.fieldCharacters * 4
        guard partBytes.count + buffer.readableBytes <= limit else {
            failure = partName == limits.fileField
                ? .fileTooLarge(limit: limits.fileBytes)
                : .fieldTooLong(name: partName ?? "", limit: limits.fieldCharacters)
            return
        }
        if let bytes = buffer.readBytes(length: buffer.readableBytes) { partBytes.append(contentsOf: bytes) }
    }

    func completePart() {
        guard failure == nil else { return }
        if isBetweenParts { startPart() }
        defer {
            isBetweenParts = true
            partName = nil
            partBytes = Data()
        }
        guard let name = partName, !name.isEmpty else {
            failure = .malformed("every part needs a name in its Content-Disposition")
            return
        }
        if name == limits.fileField {
            form.file = partBytes
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
        form.fields[name] = text
    }

    private func startPart() {
        isBetweenParts = false
        partsSeen += 1
        if partsSeen > limits.parts { failure = .tooManyParts(limit: limits.parts) }
    }
}
