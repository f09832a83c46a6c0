import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import HTTPServerSupport
import HTTPTypes
import Hummingbird
import Logging

/// The "New post" screen and its form. Posted by the browser itself (no script), it answers
/// `303` to the feed, or the screen again with the error and the texts. Posted by
/// `new-post.js` to the fragment address, it answers `201` with the feed's address, or an
/// error fragment (the field it is about in `X-Invalid-Field`), and the script keeps the form.
struct NewPostController {
    typealias Context = AppRequestContext

    /// The photo, the texts and the multipart framing.
    static let maximumBodySize = NewPostPresenter.maximumPhotoBytes + 64 * 1_024
    static let invalidFieldHeader = HTTPField.Name("X-Invalid-Field")!

    let service: FeedService
    let accounts: AccountService
    let sessions: WebSessions
    let assets: WebAssets
    let uploads: UploadAdmission
    let minimumRate: MinimumBodyRate
    /// The clock an upload's rate is measured by.
    let uploadClock: @Sendable () -> ContinuousClock.Instant
    let logger: Logger

    /// Uploads one session may have in progress at once.
    static let uploadsPerSession = 2

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(NewPostScreen.screenURL), use: screen)
        protected.post(RouterPath(NewPostScreen.screenURL), use: postFromScreen)
        protected.post(RouterPath(NewPostScreen.fragmentURL), use: postFromScript)
    }

    private enum Outcome {
        case posted
        case refused
        case failed(any Error, NewPostDraft)
    }

    @Sendable func screen(_ request: Request, context: Context) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let (locale, language) = AppController.locale(of: request)
        return .newPostScreen(NewPostScreen(locale: locale, language: language, account: account, assets: assets.links).html)
    }

    @Sendable func postFromScreen(_ request: Request, context: Context) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let (locale, language) = AppController.locale(of: request)
        switch try await post(request, context: context, locale: locale) {
        case .posted:
            return .redirect(to: "/", type: .normal)
        case .refused:
            return .refused(request, assets: assets.links)
        case let .failed(error, draft):
            let screen = NewPostScreen(locale: locale, language: language, account: account, draft: draft, assets: assets.links)
            return .newPostScreen(screen.html, status: Self.status(for: error))
        }
    }

    @Sendable func postFromScript(_ request: Request, context: Context) async throws -> Response {
        let (locale, _) = AppController.locale(of: request)
        switch try await post(request, context: context, locale: locale) {
        case .posted:
            var headers = HTTPFields()
            headers[.location] = "/"
            headers[.cacheControl] = "no-store"
            return Response(status: .created, headers: headers)
        case .refused:
            let message = AccountsStrings.requestRefusedMessage.localized(in: locale)
            return .html(MessageErrorFragment(message: message).html, status: .forbidden)
        case let .failed(error, draft):
            var response = Response.html(MessageErrorFragment(message: draft.errorMessage ?? "").html, status: Self.status(for: error))
            response.headers[Self.invalidFieldHeader] = draft.invalidField?.rawValue
            return response
        }
    }

    private func post(_ request: Request, context: Context, locale: Locale) async throws -> Outcome {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        var reader: MultipartFormReader<RequestBody>
        do {
            // Texts are read beyond the API's limit, so a text a little too long comes back
            // in the form with the error rather than being lost.
            reader = try MultipartFormReader(
                request.body, contentType: request.headers[.contentType],
                limits: .init(fileBytes: NewPostPresenter.maximumPhotoBytes, fieldCharacters: 4 * NewPostPresenter.maximumTextLength),
                minimumRate: minimumRate, now: uploadClock)
            // The token is the form's first field: a request from another site is refused
            // before it takes an upload's place.
            guard let first = try await reader.readFirstField(), first.name == CSRFField.name,
                  session.secrets.isCSRFToken(first.text)
            else { return .refused }
        } catch let failure as MultipartForm.Failure {
            return try refusal(of: failure, locale: locale)
        }
        // Each upload in progress holds its photo in memory: beyond the places, people are
        // asked to try again rather than the app growing without bound.
        let ticket: UploadAdmission.Ticket
        switch uploads.admit(session.secrets.storageKey.base64EncodedString()) {
        case .success(let admitted):
            ticket = admitted
        case .failure(.personAtLimit):
            throw HTTPError(
                .tooManyRequests, headers: [.retryAfter: "5", .connection: "close"],
                message: "You are posting \(Self.uploadsPerSession) photos already; wait for one to finish.")
        case .failure(.full):
            throw HTTPError(
                .serviceUnavailable, headers: [.retryAfter: "5", .connection: "close"],
                message: "Too many photos are being posted at once; try again in a moment.")
        }
        defer { ticket.release() }
        let form: MultipartForm
        do {
            form = try await reader.readForm()
        } catch let failure as MultipartForm.Failure {
            return try refusal(of: failure, locale: locale)
        }
        func failed(_ error: any Error, field: NewPostField? = nil) -> Outcome {
            .failed(error, NewPostDraft(
                description: form.fields[NewPostField.description.rawValue] ?? "",
                location: form.fields[NewPostField.location.rawValue] ?? "",
                alternativeText: form.fields[NewPostField.alternativeText.rawValue] ?? "",
                errorMessage: NewPostPresenter.errorMessage(for: error, locale: locale),
                invalidField: field))
        }
        do {
            let photo = try NewPostPresenter.validated(
                photo: form.file, description: form.fields[NewPostField.description.rawValue],
                location: form.fields[NewPostField.location.rawValue], alternativeText: form.fields[NewPostField.alternativeText.rawValue])
            let posted = try await accounts.postPhoto(photo, token: session.apiToken)
            service.feedChanged()
            logger.info("Posted a photo", metadata: ["image": "\(posted.id)", "bytes": "\(photo.data.count)"])
            return .posted
        } catch let error as NewPostError {
            if case let .textTooLong(field, _) = error { return failed(error, field: field) }
            return failed(error)
        } catch PostedFeedImageMapper.Error.authenticationRequired {
            // The API no longer knows the token: the app's session ends too.
            try await sessions.end(session)
            return failed(PostedFeedImageMapper.Error.authenticationRequired)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if !(error is PostedFeedImageMapper.Error) || error as? PostedFeedImageMapper.Error == .invalidData {
                logger.warning("Could not post a photo", metadata: ["error": "\(error)"])
            }
            return failed(error)
        }
    }

    /// A form cut short or with an unnamed part is not something a browser sends: `400`.
    /// Over a limit, the person is told which one.
    private func refusal(of failure: MultipartForm.Failure, locale: Locale) throws -> Outcome {
        switch failure {
        case .fileTooLarge:
            let error = NewPostError.photoTooLarge(maximumBytes: NewPostPresenter.maximumPhotoBytes)
            return .failed(error, NewPostDraft(errorMessage: NewPostPresenter.errorMessage(for: error, locale: locale)))
        case let .fieldTooLong(name, _):
            let field = NewPostField(rawValue: name)
            let error = NewPostError.textTooLong(field ?? .description, maximum: NewPostPresenter.maximumTextLength)
            return .failed(error, NewPostDraft(errorMessage: NewPostPresenter.errorMessage(for: error, locale: locale), invalidField: field))
        case .notMultipart:
            throw HTTPError(.unsupportedMediaType, message: "Send the form as multipart/form-data.")
        case .tooManyParts, .malformed, .bodyCutShort:
            throw HTTPError(.badRequest, message: "The form cannot be read.")
        case let .tooSlow(rate):
            throw HTTPError(
                .requestTimeout, headers: [.connection: "close"],
                message: "The photo arrived slower than \(rate.bytesPerSecond / 1_024) KB a second; try again on a faster connection.")
        }
    }

    private static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case NewPostError.noPhoto, NewPostError.textTooLong, PostedFeedImageMapper.Error.invalidForm: .badRequest
        case NewPostError.photoTooLarge, PostedFeedImageMapper.Error.tooLarge: .contentTooLarge
        case PostedFeedImageMapper.Error.unsupportedType: .unsupportedMediaType
        case PostedFeedImageMapper.Error.unreadable: .unprocessableContent
        case PostedFeedImageMapper.Error.authenticationRequired: .unauthorized
        case is InsufficientStorageError: .insufficientStorage
        default: .badGateway
        }
    }
}

extension Response {
    /// The screen shows a preview of the chosen photo from the browser's own memory
    /// (`blob:`), which no other screen needs.
    static func newPostScreen(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response.html(html, status: status)
        response.headers[.contentSecurityPolicy] = SecurityHeadersMiddleware<AppRequestContext>.contentSecurityPolicy
            .replacingOccurrences(of: "img-src 'self'", with: "img-src 'self' blob:")
        return response
    }
}
