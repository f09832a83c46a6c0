import Foundation
import Hummingbird
import NIOCore

/// The JSON bodies the API reads, each within the bound of its route.
enum JSONRequestBody {
    /// A JSON body of at most `maximumBytes` (`RequestBodyRefusalMiddleware` refuses a larger
    /// announced length before any is read), or a problem that says what is wrong.
    static func decode<Body: Decodable>(_ type: Body.Type, from request: Request, maximumBytes: Int) async throws -> Body {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw ProblemDetails(
                status: .contentTooLarge, detail: "The body must be at most \(maximumBytes) bytes.", headers: [.connection: "close"])
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // NIO tells of a connection closed mid-body with a parser error: the client's doing.
            throw ProblemDetails.bodyCutShort
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
        } catch {
            throw ProblemDetails.invalidBody
        }
    }
}
