import HTTPTypes
import Hummingbird

/// What every answer of both servers says, errors included: no content sniffing, and no
/// address of ours in requests to other sites. A request with two `Host` fields is refused:
/// parts of a chain of proxies may each read a different one.
public struct BaselineHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        // The first `Host` becomes the request's authority; a second stays among the fields.
        if !request.headers[values: .secondHost].isEmpty {
            response = Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "A request has one Host field.\n")))
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                response = try error.response(from: request, context: context)
            }
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// `Host`, which HTTP types keep as the authority; only a second one is a field.
    static let secondHost = HTTPField.Name("Host")!
}
