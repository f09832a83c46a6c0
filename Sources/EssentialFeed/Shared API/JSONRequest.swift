import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

enum JSONRequest {
    /// A request that sends `body` as JSON and asks for JSON back.
    static func make(_ method: String, url: URL, body: some Encodable) throws -> URLRequest {
        var request = make(method, url: url)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(body)
        return request
    }

    static func make(_ method: String, url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }
}
