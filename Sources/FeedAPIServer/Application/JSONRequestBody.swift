import Foundation
import Hummingbird
import NIOCore

/// The JSON bodies the API reads, each within the bound of its route.
enum JSONRequestBody {
    /// A JSON body of at most `maximumBytes` (`RequestBodyRefusalMiddleware` refuses a larger
    /// announced length before any is read), or a problem that says what is wrong.
    static func decode<Body: Decodable>(_ type: Body.Type, from request: Request, maximumBytes: Int) async throws -> Body {
        let buffer = try await collect(request, maximumBytes: maximumBytes)
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
        } catch {
            throw ProblemDetails.invalidBody
        }
    }

    /// The body's bytes, at most `maximumBytes`, or a problem that says what is wrong.
    static func collect(_ request: Request, maximumBytes: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw ProblemDetails(
                status: .contentTooLarge, detail: "The body must be at most \(maximumBytes) bytes.", headers: [.connection: "close"])
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // NIO tells of a connection closed mid-body with a parser error: the client's doing.
            throw ProblemDetails.bodyCutShort
        }
    }
}

/// A partial update's JSON object: its fields read by name, and any name the route does not
/// know refused, so a misspelt field is an error rather than a silent no-op.
struct KnownJSONFields {
    struct UnknownField: Error {}

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private let container: KeyedDecodingContainer<Name>

    init(from decoder: any Decoder, allowed: [String]) throws {
        container = try decoder.container(keyedBy: Name.self)
        guard container.allKeys.allSatisfy({ allowed.contains($0.stringValue) }) else { throw UnknownField() }
    }

    /// The names given, in no particular order.
    var given: [String] { container.allKeys.map(\.stringValue) }

    func isNull(_ name: String) throws -> Bool {
        try container.decodeNil(forKey: Name(stringValue: name))
    }

    /// The field's value, or `nil` when it is not given (a `null` is a wrong type).
    func value<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value? {
        let key = Name(stringValue: name)
        return container.contains(key) ? try container.decode(type, forKey: key) : nil
    }
}
