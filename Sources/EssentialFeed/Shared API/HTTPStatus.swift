import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The statuses every mapper answers the same way, before it reads a body.
enum HTTPStatus {
    /// - Throws: `ResourceNotFoundError` for `404`, `ResourceNotModifiedError` for `304`.
    static func checkAnswered(_ response: HTTPURLResponse) throws {
        switch response.statusCode {
        case 404: throw ResourceNotFoundError()
        case 304: throw ResourceNotModifiedError()
        default: return
        }
    }
}
