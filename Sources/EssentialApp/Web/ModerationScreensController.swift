import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// Reporting (`/report?image=…`, `?comment=…&on=…`, `?user=…`: the form, posted to `/report`)
/// and the moderators' screen (`/moderation`: the queue and the log; each action a form
/// posted to `/moderation/act`, then back to the screen). The API decides who moderates.
struct ModerationScreensController {
    typealias Context = AppRequestContext

    let service: ModerationService
    /// The photo a report is about, to show which.
    let photos: PhotoLookup
    /// The comments of a photo, to quote the one reported.
    let comments: ImageCommentsLoader
    let sessions: WebSessions
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(ReportScreen.screenURL), use: reportScreen)
        protected.post(RouterPath(ReportScreen.screenURL), use: report)
        protected.get(RouterPath(ModerationScreen.screenURL), use: moderationScreen)
        protected.post(RouterPath(ModerationScreen.actionURL), use: act)
    }

    @Sendable private func reportScreen(_ request: Request, context: Context) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let subject = try Self.subject(
            image: request.uri.queryParameters["image"], comment: request.uri.queryParameters["comment"],
            on: request.uri.queryParameters["on"], user: request.uri.queryParameters["user"])
        let language = request.readerLanguage
        let token = context.session?.apiToken
        var photo: FeedImage?
        var comment: ImageComment?
        switch subject {
        case let .photo(imageID):
            photo = try await photos.subjectOfScreen(imageID, token: token, logger: logger)
        case let .comment(commentID, imageID):
            comment = try await comments.commentOfScreen(commentID, on: imageID, token: token, logger: logger)
            photo = try await photos.subjectOfScreen(imageID, token: token, logger: logger)
        case .account:
            break
        }
        let screen = ReportScreen(
            subject, locale: language.locale, language: language.tag, account: account, photo: photo.map(ImageCommentsUIComposer.subject),
            quote: comment?.message, quoteAuthor: comment?.author, assets: assets.links)
        return .html(screen.html)
    }

    @Sendable private func report(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        let subject = try Self.subject(
            image: form["image"].map { Substring($0) }, comment: form["comment"].map { Substring($0) },
            on: form["on"].map { Substring($0) }, user: form["user"].map { Substring($0) })
        guard let reason = form["reason"].flatMap(ReportReason.init(rawValue:)) else { throw HTTPError(.badRequest) }
        let note = form["note"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        let language = request.readerLanguage
        do {
            try await acting(session) { token in
                try await service.report(subject, reason: reason, note: note?.isEmpty == false ? note : nil, token: token)
            }
            return .html(ReportScreen(subject, locale: language.locale, language: language.tag, account: account, isSent: true, assets: assets.links).html)
        } catch ModerationMapper.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: ReportScreen.url(for: subject)), type: .normal)
        } catch {
            let screen = ReportScreen(
                subject, locale: language.locale, language: language.tag, account: account,
                errorMessage: ModerationPresenter.errorMessage(for: error, locale: language.locale), assets: assets.links)
            return .html(screen.html, status: Self.status(for: error))
        }
    }

    @Sendable private func moderationScreen(_ request: Request, context: Context) async throws -> Response {
        try await screen(request, context: context, message: nil, status: .ok)
    }

    @Sendable private func act(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        let reason = form["reason"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        let given = reason?.isEmpty == false ? reason : nil
        let locale = request.readerLanguage.locale
        let endpoint: ModerationEndpoint
        do {
            endpoint = try Self.endpoint(for: form, reason: given)
        } catch let typed as NoSuchAccount {
            return try await screen(request, context: context, message: ModerationPresenter.noSuchAccount(typed.name, locale: locale), status: .badRequest)
        } catch is ReasonMissing {
            return try await screen(request, context: context, message: ModerationStrings.reasonRequired.localized(in: locale), status: .badRequest)
        }
        do {
            try await acting(session) { token in try await service.act(endpoint, token: token) }
            return .redirect(to: ModerationScreen.screenURL, type: .normal)
        } catch ModerationMapper.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: ModerationScreen.screenURL), type: .normal)
        } catch let error as ResourceNotFoundError {
            let message =
                endpoint.account.map { ModerationPresenter.noSuchAccount($0, locale: locale) } ?? ModerationPresenter.errorMessage(for: error, locale: locale)
            return try await screen(request, context: context, message: message, status: .notFound)
        } catch {
            let message = ModerationPresenter.errorMessage(for: error, locale: locale)
            return try await screen(request, context: context, message: message, status: Self.status(for: error))
        }
    }

    /// A removal or a suspension without the reason the log keeps.
    private struct ReasonMissing: Error {}

    /// A username a moderator typed that names no one; said on the screen, not refused bare.
    private struct NoSuchAccount: Error {
        let name: String
    }

    /// The username a moderator typed, as the app writes it too: `@name` or `name`, any case.
    private static func typedUsername(in form: FormBody) throws -> String {
        let typed = (form["username"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let name = (typed.hasPrefix("@") ? String(typed.dropFirst()) : typed).lowercased()
        guard ProfileController.isUsername(name) else { throw NoSuchAccount(name: String(typed.prefix(40))) }
        return name
    }

    private func screen(_ request: Request, context: Context, message: String?, status: HTTPResponse.Status) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        do {
            let (reports, log) = try await acting(session) { token in try await service.queue(token: token) }
            let screen = ModerationScreen(
                reports: reports, log: log, locale: language.locale, language: language.tag, account: account, message: message, assets: assets.links,
                currentDate: currentDate())
            return .html(screen.html, status: status)
        } catch ModerationMapper.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: ModerationScreen.screenURL), type: .normal)
        } catch {
            let screen = ModerationScreen(
                reports: [], log: [], locale: language.locale, language: language.tag, account: account,
                message: ModerationPresenter.errorMessage(for: error, locale: language.locale), assets: assets.links)
            return .html(screen.html, status: Self.status(for: error))
        }
    }

    private func acting<Value>(_ session: ActiveSession, _ change: (String) async throws -> Value) async throws -> Value {
        do {
            return try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? ModerationMapper.Error == .authenticationRequired }
            ) { try await change(session.apiToken) }
        } catch let error as ModerationMapper.Error where error == .invalidData {
            logger.warning("The API answered a moderation request unexpectedly")
            throw error
        }
    }

    /// What a moderation form asks for, from its hidden fields; anything else is not a form of the app's.
    private static func endpoint(for form: FormBody, reason: String?) throws -> ModerationEndpoint {
        switch form["action"] {
        case "dismiss":
            guard let text = form["report"], let id = Int64(text), id > 0 else { throw HTTPError(.badRequest) }
            return .dismiss(reportID: id, reason: reason)
        case "remove":
            guard let id = form["id"].flatMap(UUID.init(uuidString:)) else { throw HTTPError(.badRequest) }
            guard reason != nil else { throw ReasonMissing() }
            switch form["kind"] {
            case "photo": return .remove(.photo(id), reason: reason)
            case "comment":
                guard let photoID = form["photo"].flatMap(UUID.init(uuidString:)) else { throw HTTPError(.badRequest) }
                return .remove(.comment(id, onPhoto: photoID), reason: reason)
            default: throw HTTPError(.badRequest)
            }
        case "suspend":
            let username = try typedUsername(in: form)
            guard let reason else { throw ReasonMissing() }
            return .suspend(username: username, reason: reason)
        case "lift":
            return .liftSuspension(username: try typedUsername(in: form), reason: reason)
        default:
            throw HTTPError(.badRequest)
        }
    }

    private static func subject(image: Substring?, comment: Substring?, on photo: Substring?, user: Substring?) throws -> ReportSubject {
        if let image, comment == nil, user == nil, let id = UUID(exactly: image) { return .photo(id) }
        if let comment, let photo, image == nil, user == nil, let id = UUID(exactly: comment), let photoID = UUID(exactly: photo) {
            return .comment(id, onPhoto: photoID)
        }
        if let user, image == nil, comment == nil, ProfileController.isUsername(String(user)) { return .account(username: String(user)) }
        // Nothing a report can be about: the app's not-found page, not a bare refusal.
        throw HTTPError(.notFound)
    }

    private static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case ModerationMapper.Error.notAllowed: .forbidden
        case ModerationMapper.Error.alreadyReported: .conflict
        case ModerationMapper.Error.tooManyReports: .tooManyRequests
        case ModerationMapper.Error.invalidRequest: .badRequest
        case is ResourceNotFoundError: .notFound
        default: .badGateway
        }
    }
}

extension ModerationEndpoint {
    /// The account a suspension or its lifting names.
    fileprivate var account: String? {
        switch self {
        case let .suspend(username, _), let .liftSuspension(username, _): username
        default: nil
        }
    }
}
