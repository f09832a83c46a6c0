import EssentialFeed
import EssentialFeedInfrastructure
import EssentialFeedWebUI
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `/settings/data`: one's data to download, and `/settings/leave`: deleting one's account.
/// Every form carries the session's CSRF token and works without scripts. Leaving ends the
/// session, forgets all the app kept for the person and tells the browser to forget its copies.
struct PersonalDataController {
    typealias Context = AppRequestContext

    let service: PersonalDataService
    let sessions: WebSessions
    let assets: WebAssets
    /// What the app keeps of people for a reader, forgotten when the reader leaves.
    let people: LocalPeopleLoader
    let endEventStreams: @Sendable (String) -> Void
    let currentDate: @Sendable () -> Date
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(PersonalDataScreen.screenURL), use: screen)
        protected.post(RouterPath(PersonalDataScreen.exportURL), use: startExport)
        protected.get(RouterPath(PersonalDataScreen.archiveURL), use: archive)
        protected.get(RouterPath(PersonalDataScreen.leaveURL), use: leaving)
        protected.post(RouterPath(PersonalDataScreen.leaveURL), use: leave)
    }

    /// The page that says goodbye: anyone may open it, the person who left has no session.
    func addRoutes(to router: Router<Context>) {
        router.get(RouterPath(PersonalDataScreen.leftURL), use: left)
    }

    @Sendable func screen(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let export: DataExport?
        var notice: String?
        var status = HTTPResponse.Status.ok
        do {
            export = try await sessions.endingOnAuthenticationRequired(session, isAuthenticationRequired: Self.isAuthenticationRequired) {
                try await service.export(token: session.apiToken)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch let error where Self.isAuthenticationRequired(error) {
            return .redirect(to: AppPaths.logIn(next: PersonalDataScreen.screenURL), type: .normal)
        } catch {
            logger.warning("Could not load the person's export", metadata: ["error": "\(error)"])
            export = nil
            notice = PersonalDataStrings.unavailable.localized(in: language.locale)
            status = .badGateway
        }
        let model = PersonalDataPresenter.map(export, locale: language.locale, timeZone: .current)
        let screen = PersonalDataScreen(
            mode: .overview(model), notice: notice, locale: language.locale, language: language.tag, account: account, assets: assets.links)
        return Self.private(.html(screen.html, status: status))
    }

    @Sendable func startExport(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { _, session in
            try await service.startExport(token: session.apiToken)
            return .redirect(to: PersonalDataScreen.screenURL, type: .normal)
        }
    }

    /// The archive, passed through from the API as it arrives.
    @Sendable func archive(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let download: StreamedDownload
        do {
            download = try await service.archive(token: session.apiToken)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("Could not download the person's archive", metadata: ["error": "\(error)"])
            return .redirect(to: PersonalDataScreen.screenURL, type: .normal)
        }
        guard download.status == 200 else {
            if download.status == 401 { return .redirect(to: AppPaths.logIn(next: PersonalDataScreen.screenURL), type: .normal) }
            return .redirect(to: PersonalDataScreen.screenURL, type: .normal)
        }
        var headers: HTTPFields = [
            .contentType: "application/zip", .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"essential-feed-\(session.user.username)-\(Self.day(currentDate())).zip\""
        ]
        if let length = download.contentLength { headers[.contentLength] = String(length) }
        return Response(status: .ok, headers: headers, body: ResponseBody(asyncSequence: download.body))
    }

    @Sendable func leaving(_ request: Request, context: Context) async throws -> Response {
        try render(request, context: context, error: nil)
    }

    @Sendable func leave(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        let locale = request.readerLanguage.locale
        guard form["confirm"] == "on" else {
            return try render(request, context: context, error: PersonalDataStrings.confirmRequired.localized(in: locale), status: .badRequest)
        }
        do {
            try await service.leave(password: form["password"] ?? "", token: session.apiToken)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error where Self.isAuthenticationRequired(error) {
            try await sessions.end(session)
            return .redirect(to: AppPaths.logIn(), type: .normal)
        } catch {
            if JoiningController.status(for: error) == .serviceUnavailable {
                logger.warning("Could not delete an account", metadata: ["error": "\(error)"])
            }
            return try render(
                request, context: context, error: AccountSettingsPresenter.errorMessage(for: error, locale: locale), confirmed: true,
                status: JoiningController.status(for: error))
        }
        logger.info("Left", metadata: ["username": "\(session.user.username)"])
        try await sessions.end(session)
        endEventStreams(session.apiToken)
        do {
            try await people.forget(reader: session.secrets.keptContentKey)
        } catch {
            // Kept for seven days at most, under a key nobody else has.
            logger.warning("Could not forget what was kept for a reader who left", metadata: ["error": "\(error)"])
        }
        // Redirected, so that reloading the page sends nothing again.
        var response = Response.redirect(to: PersonalDataScreen.leftURL, type: .normal)
        response.setCookie(sessions.cookies.expiredSession())
        // The browser forgets its copies of the person's pages and its offline copies.
        response.headers[.clearSiteData] = AccountController.clearSiteDataValue
        return response
    }

    @Sendable func left(_ request: Request, context: Context) async throws -> Response {
        let language = request.readerLanguage
        let page = MessagePage.accountDeleted(logIn: AppPaths.logIn(), locale: language.locale, language: language.tag, assets: assets.links)
        return .html(page.html)
    }

    // MARK: - Helpers

    private func render(
        _ request: Request, context: Context, error: String?, confirmed: Bool = false, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let screen = PersonalDataScreen(
            mode: .leaving(error: error, confirmed: confirmed), locale: language.locale, language: language.tag, account: account, assets: assets.links)
        return Self.private(.html(screen.html, status: status))
    }

    private func acting(
        _ request: Request, context: Context, _ act: (FormBody, ActiveSession) async throws -> Response
    ) async throws -> Response {
        try await sessions.acting(
            on: request, context: context, assets: assets.links, next: PersonalDataScreen.screenURL,
            isAuthenticationRequired: Self.isAuthenticationRequired, act
        ) { error in
            logger.warning("Could not start an export", metadata: ["error": "\(error)"])
            return .redirect(to: PersonalDataScreen.screenURL, type: .normal)
        }
    }

    private static func isAuthenticationRequired(_ error: any Error) -> Bool {
        (error as? AccountRefusal)?.reason == .authenticationRequired
    }

    /// The person's own page: never kept by the browser or a proxy.
    private static func `private`(_ response: Response) -> Response {
        var response = response
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private static func day(_ date: Date) -> String {
        String(ISO8601DateFormatter().string(from: date).prefix(10))
    }
}
