import Foundation
import Hummingbird
import NIOCore

/// The fields of an `application/x-www-form-urlencoded` body, read up to a bound.
package struct FormBody {
    static let maximumSize = 32 * 1_024

    private let fields: [String: String]

    /// - Throws: `415` for another kind of body, `413` over `maximumSize`, `400` for one that
    ///   is not valid percent-encoded UTF-8.
    init(_ request: Request) async throws {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPError(.unsupportedMediaType, message: "Send the form as application/x-www-form-urlencoded.")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.maximumSize)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge, message: "A form has at most \(Self.maximumSize) bytes.")
        } catch {
            // The body ended before its announced length: the client hung up.
            if Task.isCancelled { throw CancellationError() }
            throw HTTPError(.badRequest, message: "The form ended before its end.")
        }
        guard let fields = Self.parse(String(buffer: buffer)) else { throw HTTPError(.badRequest, message: "The form is not valid.") }
        self.fields = fields
    }

    init(fields: [String: String]) {
        self.fields = fields
    }

    subscript(_ name: String) -> String? {
        fields[name]
    }

    /// The first value of each name counts.
    package static func parse(_ body: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
