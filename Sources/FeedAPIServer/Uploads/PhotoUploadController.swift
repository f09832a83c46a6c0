import EssentialFeed
import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdAuth
import MediaPipeline
import NIOPosix

/// `POST /essential-feed/v1/images`: a photo posted by the token's account, as
/// `multipart/form-data` with `file` and optional `description`, `location`, `alt`,
/// `content_warning` and `visibility` (`public` or `followers`; the account's default when
/// left out). The
/// photo goes through the media pipeline on threads of its own, and the new item goes first
/// in the feed; nothing is stored unless all of it is.
///
/// From the moment its bytes have arrived, a photo has `PhotoLimits.maximumProcessingTime` to
/// be processed and published, its wait for a thread included; past it nothing is published,
/// so a client that gave up waiting (the app does after 15 s) never finds the post later.
struct PhotoUploadController<Context: AuthRequestContext<APISession>>: Sendable {
    let repository: any FeedWriting
    let now: @Sendable () -> Date
    let urls: PublicURLs
    let admission: UploadAdmission
    var processor = PhotoProcessor()
    var minimumRate = MinimumBodyRate()
    var threads: NIOThreadPool = PhotoProcessingThreads.shared
    var limits = ActionLimits()
    /// The visibility an account's posts get when the upload names none.
    var defaultVisibility: @Sendable (Int64) async throws -> PostVisibility = { _ in .public }

    static var path: String { "images" }
    /// Uploads one account may have in progress at once.
    static var uploadsPerAccount: Int { 2 }
    /// The photo, plus room for the other fields and the multipart framing.
    static var maximumBodySize: Int { PhotoLimits.standard.maximumBytes + 64 * 1024 }
    static var textFields: [String] { ["description", "location", "alt", "content_warning", "visibility"] }

    /// On a group behind `BearerTokenAuthenticator`.
    func addRoutes(to group: RouterGroup<Context>) {
        group.post(RouterPath(Self.path), use: post)
    }

    @Sendable func post(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let upload = try await PhotoForm.read(
            request, by: account.username.value, admission: admission, processor: processor, minimumRate: minimumRate, threads: threads
        ) { processor, file, deadline in
            (photo: try processor.process(file, deadline: deadline), source: ImageDigest(of: file))
        }
        let form = upload.form
        var texts: [PostTextBounds.Field: String] = [:]
        for field in PostTextBounds.Field.allCases {
            guard let text = PostTextBounds.cleaned(form.text(field.rawValue)) else { continue }
            if let problem = PostTextBounds.problem(with: text, as: field) { throw ProblemDetails.invalidUpload("The field \(problem)") }
            texts[field] = text
        }
        let photo = upload.processed.photo
        var item = NewFeedItem(
            id: UUID(), description: texts[.description], location: texts[.location], photo: photo,
            alt: texts[.alt], authorUsername: account.username.value, createdAt: now(),
            source: upload.processed.source)
        item.mentions = Mentions.usernames(in: item.description ?? "")
        item.contentWarning = texts[.contentWarning]
        if let visibility = form.text("visibility") {
            guard let chosen = PostVisibility(rawValue: visibility) else {
                throw ProblemDetails.invalidUpload("The field `visibility` must be `public` or `followers`.")
            }
            item.visibility = chosen
        } else {
            item.visibility = try await defaultVisibility(account.id)
        }
        item.mentionQuota = ActionQuota(accountID: account.id, limit: limits.mentions)
        let published = try await repository.publish(item)
        return Response(
            status: .created,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: FeedPageEncoder(urls: urls).encodeItem(published)))
    }
}

extension ProblemDetails {
    private static let uploadTypeBase = "/essential-feed/problems/"

    static func invalidUpload(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: uploadTypeBase + "invalid-upload", title: "Invalid upload", status: .badRequest, detail: detail)
    }

    init(_ failure: MultipartForm.Failure) {
        switch failure {
        case .notMultipart:
            self.init(
                type: Self.uploadTypeBase + "unsupported-media-type", title: "Unsupported media type",
                status: .unsupportedMediaType, detail: "Send the photo as multipart/form-data, with a boundary.")
        case .fileTooLarge(let limit):
            self = .photoTooLarge("The photo must be at most \(limit / 1_000_000) MB.")
        case .fieldTooLong(let name, let limit):
            self = .invalidUpload("The field `\(name)` must be at most \(limit) characters.")
        case .tooManyParts(let limit):
            self = .invalidUpload("The form must have at most \(limit) parts.")
        case .malformed(let reason):
            self = .invalidUpload("The form cannot be read: \(reason).")
        case .bodyCutShort:
            self = .invalidUpload("The body ended before the form did.")
        case .tooSlow(let rate):
            self.init(
                type: Self.uploadTypeBase + "upload-too-slow", title: "Upload too slow", status: .requestTimeout,
                detail: "The body arrived slower than \(rate.bytesPerSecond) bytes a second, or took over \(rate.maximumDuration.components.seconds) seconds; try again on a better connection.",
                headers: [.connection: "close"])
        }
    }

    init(_ error: PhotoProcessingError) {
        switch error {
        case .tooManyBytes(_, let limit):
            self = .photoTooLarge("The photo must be at most \(limit / 1_000_000) MB.")
        case .tooManyPixels(let width, let height, let limit):
            self = .photoTooLarge("The photo is \(width) × \(height) pixels; at most \(limit / 1_000_000) megapixels are taken.")
        case .tooCostlyToDecode(let detail):
            self.init(
                type: Self.uploadTypeBase + "photo-too-complex", title: "Photo too complex to decode",
                status: .unprocessableContent, detail: detail)
        case .tookTooLong(let limit):
            self.init(
                type: Self.uploadTypeBase + "photo-too-complex", title: "Photo too complex to decode",
                status: .unprocessableContent,
                detail: "The photo took longer than \(limit.components.seconds) seconds to decode; save it again as a standard JPEG, or smaller.")
        case .unsupportedFormat:
            self.init(
                type: Self.uploadTypeBase + "unsupported-photo-type", title: "Unsupported photo type",
                status: .unsupportedMediaType, detail: "The file is not a JPEG, PNG or WebP image.")
        case .empty:
            self = .unreadablePhoto("The file is empty.")
        case .unreadable(let reason):
            self = .unreadablePhoto("The photo is corrupt or cut short: \(reason)")
        case .processingFailed:
            self = .internalError
        }
    }

    static let tooManyUploadsFromOneAccount = ProblemDetails(
        type: uploadTypeBase + "too-many-uploads", title: "Too many uploads",
        status: .tooManyRequests,
        detail: "This account is posting \(PhotoUploadController<FeedAPIContext>.uploadsPerAccount) photos already; wait for one to finish.",
        headers: [.retryAfter: "5", .connection: "close"])

    static let tooManyUploads = ProblemDetails(
        type: uploadTypeBase + "too-many-uploads", title: "Too many uploads",
        status: .serviceUnavailable, detail: "Too many photos are being posted at once; try again in a few seconds.",
        headers: [.retryAfter: "5", .connection: "close"])

    private static func photoTooLarge(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: uploadTypeBase + "photo-too-large", title: "Photo too large", status: .contentTooLarge, detail: detail)
    }

    private static func unreadablePhoto(_ detail: String) -> ProblemDetails {
        ProblemDetails(
            type: uploadTypeBase + "unreadable-photo", title: "Unreadable photo", status: .unprocessableContent, detail: detail)
    }
}
