import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A photo someone posts, with what they wrote about it.
public struct NewFeedImage: Equatable, Sendable {
    public let data: Data
    public let description: String?
    public let location: String?
    public let alternativeText: String?
    /// Words the photo shows blurred behind until a reader opens it; `nil` for none.
    public var contentWarning: String? = nil
    /// Who may see it; `nil` leaves it to the poster's default.
    public var visibility: FeedImageVisibility? = nil

    public init(data: Data, description: String? = nil, location: String? = nil, alternativeText: String? = nil) {
        self.data = data
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
    }
}

/// Posting a photo to the feed, as the person whose token an `AuthenticatedHTTPClient` sends:
/// `multipart/form-data` with `file` and the texts that were given.
public enum FeedImagePostingEndpoint: Sendable {
    case post(NewFeedImage)

    /// `boundary` separates the parts; a fresh random one unless a test fixes it.
    public func request(baseURL: URL, boundary: String = "essential-feed-\(UUID().uuidString)") -> URLRequest {
        switch self {
        case let .post(image):
            var request = JSONRequest.make("POST", url: baseURL.appending(path: "v1/images"))
            request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
            var body = Data()
            let texts = [
                ("description", image.description), ("location", image.location), ("alt", image.alternativeText),
                ("content_warning", image.contentWarning), ("visibility", image.visibility?.rawValue)
            ]
            for (name, value) in texts {
                guard let value else { continue }
                body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            }
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo\"\r\n".utf8)
            body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8)
            body += image.data
            body += Data("\r\n--\(boundary)--\r\n".utf8)
            request.httpBody = body
            return request
        }
    }
}

/// The API's answer to a posted photo: the new feed image, or why it was refused.
public enum PostedFeedImageMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// A text longer than the API takes, or a form it could not read.
        case invalidForm
        /// The token is missing, unknown, revoked or expired.
        case authenticationRequired
        /// Over the API's byte or pixel limit.
        case tooLarge
        /// Not a JPEG, PNG or WebP image.
        case unsupportedType
        /// Empty, corrupt or cut short.
        case unreadable
        case invalidData
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> FeedImage {
        guard response.statusCode == 200 || response.statusCode == 201 else { throw refusal(forStatusCode: response.statusCode) }
        guard let image = FeedItemsMapper.item(from: data) else { throw Error.invalidData }
        return image
    }

    /// Why the API refused a photo, from the status it answered with.
    static func refusal(forStatusCode statusCode: Int) -> any Swift.Error {
        switch statusCode {
        case 507: InsufficientStorageError()
        case 400: Error.invalidForm
        case 401: Error.authenticationRequired
        case 413: Error.tooLarge
        case 415: Error.unsupportedType
        case 422: Error.unreadable
        default: Error.invalidData
        }
    }
}
