import CompressNIO
import Foundation
import Hummingbird

/// Compresses text responses — HTML, CSS, JavaScript, JSON, SVG, YAML — with gzip when the
/// request's `Accept-Encoding` takes it. Small bodies, bodies of unknown length and
/// responses already encoded are sent as they are. A compressed response's entity tag
/// becomes weak, as its bytes differ from the uncompressed ones; `Vary: Accept-Encoding`
/// tells caches that the answer depends on it.
public struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Below this, gzip's header and checksum cost more than they save.
    public static var minimumSize: Int { 512 }
    /// Bodies above this are sent as they are, so one response never holds two large copies.
    public static var maximumSize: Int { 8 * 1_024 * 1_024 }

    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard Self.isCompressible(response) else { return response }
        if !response.headers[values: .vary].contains(where: { $0.lowercased().contains("accept-encoding") }) {
            response.headers[values: .vary].append("Accept-Encoding")
        }
        guard request.method != .head,
            AcceptEncoding(request.headers[values: .acceptEncoding]).accepts("gzip"),
            let length = response.body.contentLength,
            (Self.minimumSize...Self.maximumSize).contains(length)
        else { return response }

        let collected = CollectedBody()
        try await response.body.write(CollectingWriter(body: collected))
        var body = collected.buffer
        let compressed = try body.compress(with: .gzip())
        response.body = ResponseBody(byteBuffer: compressed)
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.readableBytes)
        if let tag = response.headers[.eTag], !tag.hasPrefix("W/") {
            response.headers[.eTag] = "W/" + tag
        }
        return response
    }

    private static func isCompressible(_ response: Response) -> Bool {
        guard response.headers[.contentEncoding] == nil,
            response.status != .noContent, response.status != .notModified,
            let contentType = response.headers[.contentType]?.lowercased()
        else { return false }
        return contentType.hasPrefix("text/")
            || contentType.hasPrefix("application/json")
            || contentType.hasPrefix("application/problem+json")
            || contentType.hasPrefix("application/yaml")
            || contentType.hasPrefix("application/javascript")
            || contentType.hasPrefix("image/svg+xml")
    }
}

/// Which content codings an `Accept-Encoding` field takes (RFC 9110 §12.5.3): a coding
/// listed with a quality above zero, or `*` above zero when the coding is not listed.
struct AcceptEncoding {
    private var qualities: [String: Double] = [:]

    init(_ fieldValues: [String]) {
        for element in fieldValues.joined(separator: ",").split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            qualities[coding] = quality
        }
    }

    func accepts(_ coding: String) -> Bool {
        if let quality = qualities[coding] { return quality > 0 }
        return (qualities["*"] ?? 0) > 0
    }
}

/// Gathers a response body's buffers, to compress them as one.
private final class CollectedBody {
    var buffer = ByteBuffer()
}

private struct CollectingWriter: ResponseBodyWriter {
    let body: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        body.buffer.writeImmutableBuffer(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
