import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

extension TestClientProtocol {
    /// A browser's multipart post of the form: the fields, then the photo when there is one.
    func postPhoto(to path: String, fields: [String: String], photo: Data?, cookie: String?) async throws -> TestResponse {
        let boundary = "----browser-boundary-\(UUID().uuidString)"
        var body = Data()
        // The form's token comes first, as the form holds it.
        for (name, value) in fields.sorted(by: { ($0.key == "csrf_token" ? "" : $0.key) < ($1.key == "csrf_token" ? "" : $1.key) }) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(photo == nil ? "" : "cat.jpg")\"\r\n".utf8)
        body += Data("Content-Type: \(photo == nil ? "application/octet-stream" : "image/jpeg")\r\n\r\n".utf8)
        body += (photo ?? Data()) + Data("\r\n--\(boundary)--\r\n".utf8)
        var headers = HTTPFields()
        headers[.cookie] = cookie
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }
}
