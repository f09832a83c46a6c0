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

    let posting: Posting
    let sessions: WebSessions
    let assets: WebAssets
    let uploads: UploadAdmission
    let minimumRate: MinimumBodyRate
    /// The clock an upload's rate is measured by.
    let uploadClock: @Sendable () -> ContinuousClock.Instant
    let logger: Logger

    /// Uploads one account may have in progress at once, however many sessions it has.
    static let uploadsPerAccount = 2

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(NewPostScreen.screenURL), use: screen)
        ProgressiveFormRoute<FeedImageVisibility, NewPostDraft>(
            screenPath: NewPostScreen.screenURL, fragmentPath: NewPostScreen.fragmentURL, assets: assets.links,
            submit: post, screen: answerScreen, fragment: answerScript
        ).addRoutes(to: protected)
    }

    /// The screen shows a preview of the chosen photo from the browser's own memory
    /// (`blob:`), which no other screen needs.
    private static let policy = ContentSecurityPolicy.app.adding("blob:", to: "img-src")

    @Sendable func screen(_ request: Request, context: Context) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let screen = NewPostScreen(locale: language.locale, language: language.tag, account: account, assets: assets.links)
        // Part of what a device keeps from the start: the screen opens offline unvisited.
        var response = Response.html(screen.html, policy: Self.policy)
        response.markKeptOffline()
        return response
    }

    @Sendable private func answerScreen(
        _ request: Request, context: Context, language: ReaderLanguage, outcome: FormOutcome<FeedImageVisibility, NewPostDraft>
    ) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        guard case let .failed(error, draft) = outcome else { return .redirect(to: Self.destination(after: outcome), type: .normal) }
        let screen = NewPostScreen(locale: language.locale, language: language.tag, account: account, draft: draft, assets: assets.links)
        return .html(screen.html, status: Self.status(for: error), policy: Self.policy)
    }

    @Sendable private func answerScript(
        _ request: Request, context: Context, language: ReaderLanguage, outcome: FormOutcome<FeedImageVisibility, NewPostDraft>
    ) async throws -> Response {
        guard case let .failed(error, draft) = outcome else {
            var headers = HTTPFields()
            headers[.location] = Self.destination(after: outcome)
            headers[.cacheControl] = "no-store"
            return Response(status: .created, headers: headers)
        }
        var response = Response.html(MessageErrorFragment(message: draft.errorMessage ?? "").html, status: Self.status(for: error))
        response.headers[Self.invalidFieldHeader] = draft.invalidField?.rawValue
        return response
    }

    /// Reads the form within its limits, the CSRF token first and the rest only once the
    /// upload has a place, then posts the photo.
    @Sendable private func post(_ request: Request, context: Context, language: ReaderLanguage) async throws -> FormOutcome<FeedImageVisibility, NewPostDraft> {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let locale = language.locale
        var reader: MultipartFormReader<RequestBody>
        do {
            reader = try formReader(for: request)
            // The token is the form's first field: a request from another site is refused
            // before it takes an upload's place.
            guard let first = try await reader.readFirstField(), first.name == CSRFField.name,
                session.secrets.isCSRFToken(first.text)
            else { return .refused }
        } catch let failure as MultipartForm.Failure {
            return try refusal(of: failure, locale: locale)
        }
        let ticket = try uploads.admitPhoto(for: session)
        defer { ticket.release() }
        let form: MultipartForm
        do {
            form = try await reader.readForm()
        } catch let failure as MultipartForm.Failure {
            return try refusal(of: failure, locale: locale)
        }
        do {
            return .posted(try await postPhoto(from: form, session: session).visibility)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failed(error, Self.draft(keeping: form, error: error, locale: locale))
        }
    }

    /// Texts are read beyond the API's limit, so a text a little too long comes back in the
    /// form with the error rather than being lost.
    private func formReader(for request: Request) throws -> MultipartFormReader<RequestBody> {
        try MultipartFormReader(
            request.body, contentType: request.headers[.contentType],
            limits: .init(fileBytes: NewPostPresenter.maximumPhotoBytes, fieldCharacters: 4 * NewPostPresenter.maximumTextLength),
            minimumRate: minimumRate, now: uploadClock)
    }

    private func postPhoto(from form: MultipartForm, session: ActiveSession) async throws -> FeedImage {
        do {
            var photo = try NewPostPresenter.validated(
                photo: form.file, description: form.fields[NewPostField.description.rawValue],
                location: form.fields[NewPostField.location.rawValue], alternativeText: form.fields[NewPostField.alternativeText.rawValue])
            let warning = form.fields[Self.contentWarningField]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            photo.contentWarning = warning.isEmpty ? nil : warning
            photo.visibility = form.fields[Self.visibilityField].flatMap(FeedImageVisibility.init(rawValue:))
            let posted = try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? PostedFeedImageMapper.Error == .authenticationRequired }
            ) {
                try await posting.postPhoto(photo, token: session.apiToken)
            }
            logger.info("Posted a photo", metadata: ["image": "\(posted.id)", "bytes": "\(photo.data.count)"])
            return posted
        } catch let error as PostedFeedImageMapper.Error where error != .invalidData {
            throw error
        } catch let error where !(error is NewPostError) && !(error is CancellationError) {
            logger.warning("Could not post a photo", metadata: ["error": "\(error)"])
            throw error
        }
    }

    /// Where a new post shows: the feed, or — for one only followers see, which the feed never
    /// shows — the Following tab.
    private static func destination(after outcome: FormOutcome<FeedImageVisibility, NewPostDraft>) -> String {
        guard case .posted(.followers) = outcome else { return "/" }
        return ProfileLinks.following
    }

    /// The texts as they were typed, why the post was not made, and the field it was about.
    private static func draft(keeping form: MultipartForm, error: any Error, locale: Locale) -> NewPostDraft {
        var field: NewPostField?
        if case let NewPostError.textTooLong(tooLong, _) = error { field = tooLong }
        var draft = NewPostDraft(
            description: form.fields[NewPostField.description.rawValue] ?? "",
            location: form.fields[NewPostField.location.rawValue] ?? "",
            alternativeText: form.fields[NewPostField.alternativeText.rawValue] ?? "",
            errorMessage: NewPostPresenter.errorMessage(for: error, locale: locale),
            invalidField: field)
        draft.contentWarning = form.fields[contentWarningField] ?? ""
        draft.visibility = form.fields[visibilityField].flatMap(FeedImageVisibility.init(rawValue:))
        return draft
    }

    /// Who sees the post; empty (or anything else) leaves it to the poster's default.
    private static let visibilityField = "visibility"

    /// The content warning's field: the API bounds it (and the form's `maxlength`).
    private static let contentWarningField = "content_warning"

    /// A form cut short or with an unnamed part is not something a browser sends: `400`.
    /// Over a limit, the person is told which one.
    private func refusal(of failure: MultipartForm.Failure, locale: Locale) throws -> FormOutcome<FeedImageVisibility, NewPostDraft> {
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
                message:
                    "The photo arrived slower than \(rate.bytesPerSecond / 1_024) KB a second, or took over \(rate.maximumDuration.components.seconds / 60) minutes; try again on a faster connection.")
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
