import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import HTTPServerSupport
import Hummingbird
import Logging

/// `/settings/profile`: one's display name and bio. Checked here by the rules the API keeps
/// (`ProfileText`), so a mistake is told in the reader's language with what they typed;
/// saved, the browser goes to the profile, which shows the change. One's picture is sent
/// (`/settings/avatar`, a photo as a post sends one) or removed (`/settings/avatar/remove`)
/// from the same screen, which it returns to.
struct ProfileSettingsController {
    typealias Context = AppRequestContext

    let profiles: ProfileService
    let sessions: WebSessions
    let assets: WebAssets
    let uploads: UploadAdmission
    let minimumRate: MinimumBodyRate
    /// The clock an upload's rate is measured by.
    let uploadClock: @Sendable () -> ContinuousClock.Instant
    let logger: Logger

    /// The screen previews a chosen picture from the browser's own memory (`blob:`).
    private static let policy = ContentSecurityPolicy.app.adding("blob:", to: "img-src")

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(ProfileSettingsScreen.screenURL), use: screen)
        protected.post(RouterPath(ProfileSettingsScreen.screenURL), use: save)
        protected.post(RouterPath(ProfileSettingsScreen.avatarURL), use: setAvatar)
        // The address a refused picture leaves in the address bar: opened again, the settings.
        protected.get(RouterPath(ProfileSettingsScreen.avatarURL)) { _, _ in
            Response.redirect(to: ProfileSettingsScreen.screenURL, type: .normal)
        }
        protected.post(RouterPath(ProfileSettingsScreen.avatarRemovalURL), use: removeAvatar)
    }

    @Sendable func screen(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let (profiles, sessions) = (profiles, sessions)
        return try await cancellingWhenClientGoes {
            let draft: ProfileSettingsDraft
            let status: HTTPResponse.Status
            var account = account
            do {
                let profile = try await profiles.profile(session.user.username, token: session.apiToken)
                draft = ProfileSettingsDraft(displayName: profile.user.name, bio: profile.bio, avatar: profile.user.avatar)
                account = SignedInAccount(user: await sessions.refreshed(session, seeing: profile.user), csrfToken: session.csrfToken)
                status = .ok
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                logger.warning("Could not load the profile to edit", metadata: ["error": "\(error)"])
                draft = ProfileSettingsDraft(
                    displayName: session.user.name, bio: "", errorMessage: ProfileStrings.loadError.localized(in: language.locale))
                status = .badGateway
            }
            return .html(render(draft, account: account, language: language), status: status, policy: Self.policy)
        }
    }

    @Sendable func save(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        let typed = ProfileSettingsDraft(displayName: form["display_name"] ?? "", bio: form["bio"] ?? "")
        let profiles = profiles
        do {
            let name = try ProfileText.displayName(typed.displayName)
            let bio = try ProfileText.bio(typed.bio)
            let saved = try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? ProfileService.Error == .authenticationRequired }
            ) { try await profiles.update(displayName: name, bio: bio, token: session.apiToken) }
            await sessions.personChanged(in: session, to: saved.user)
            return .redirect(to: ProfileLinks.profile(saved.user.username), type: .normal)
        } catch is CancellationError {
            throw CancellationError()
        } catch ProfileService.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: ProfileSettingsScreen.screenURL), type: .normal)
        } catch {
            if !(error is ProfileTextError) { logger.warning("Could not save a profile", metadata: ["error": "\(error)"]) }
            var draft = typed
            draft.errorMessage = ProfileSettingsPresenter.errorMessage(for: error, locale: language.locale)
            draft.avatar = try? await profiles.profile(session.user.username, token: session.apiToken).user.avatar
            return .html(render(draft, account: account, language: language), status: error is ProfileTextError ? .badRequest : .badGateway, policy: Self.policy)
        }
    }

    /// The token is the form's first field: a request from another site is refused before it
    /// takes an upload's place.
    @Sendable func setAvatar(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        var reader: MultipartFormReader<RequestBody>
        do {
            reader = try MultipartFormReader(
                request.body, contentType: request.headers[.contentType],
                limits: .init(fileBytes: NewPostPresenter.maximumPhotoBytes, fieldCharacters: 256), minimumRate: minimumRate, now: uploadClock)
            guard let first = try await reader.readFirstField(), first.name == CSRFField.name, session.secrets.isCSRFToken(first.text) else {
                return .refused(request, assets: assets.links)
            }
        } catch let failure as MultipartForm.Failure {
            throw Self.unreadable(failure)
        }
        // Held until the API has answered: the photo is in memory until then.
        let ticket = try uploads.admitPhoto(for: session)
        defer { ticket.release() }
        let form: MultipartForm
        do {
            form = try await reader.readForm()
        } catch MultipartForm.Failure.fileTooLarge {
            let tooLarge = NewPostError.photoTooLarge(maximumBytes: NewPostPresenter.maximumPhotoBytes)
            return try await avatarFailed(tooLarge, session: session, account: account, language: language)
        } catch let failure as MultipartForm.Failure {
            throw Self.unreadable(failure)
        }
        let profiles = profiles
        return try await changingAvatar(session: session, account: account, language: language) {
            let photo = try NewPostPresenter.validated(photo: form.file, description: nil, location: nil, alternativeText: nil)
            let profile = try await profiles.setAvatar(photo.data, token: session.apiToken)
            await sessions.personChanged(in: session, to: profile.user)
        }
    }

    @Sendable func removeAvatar(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        let profiles = profiles
        return try await changingAvatar(session: session, account: account, language: request.readerLanguage) {
            try await profiles.removeAvatar(token: session.apiToken)
            await sessions.personChanged(in: session, to: User(username: session.user.username, name: session.user.name))
        }
    }

    /// Back to the screen once `change` is done; to logging in when the API no longer knows
    /// the session (which ends it); the screen with why otherwise.
    private func changingAvatar(
        session: ActiveSession, account: SignedInAccount, language: ReaderLanguage, _ change: @Sendable () async throws -> Void
    ) async throws -> Response {
        do {
            try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? PostedFeedImageMapper.Error == .authenticationRequired }, change)
            return .redirect(to: ProfileSettingsScreen.screenURL, type: .normal)
        } catch is CancellationError {
            throw CancellationError()
        } catch PostedFeedImageMapper.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: ProfileSettingsScreen.screenURL), type: .normal)
        } catch {
            return try await avatarFailed(error, session: session, account: account, language: language)
        }
    }

    /// The screen again, with why the picture was not saved, the rest as the API has it.
    private func avatarFailed(_ error: any Error, session: ActiveSession, account: SignedInAccount, language: ReaderLanguage) async throws -> Response {
        if !(error is NewPostError) { logger.warning("Could not change a picture", metadata: ["error": "\(error)"]) }
        let profile = try? await profiles.profile(session.user.username, token: session.apiToken)
        let draft = ProfileSettingsDraft(
            displayName: profile?.user.name ?? session.user.name, bio: profile?.bio ?? "",
            avatar: profile?.user.avatar, avatarErrorMessage: NewPostPresenter.errorMessage(for: error, locale: language.locale))
        return .html(render(draft, account: account, language: language), status: Self.status(for: error), policy: Self.policy)
    }

    /// A form no browser sends, or one that arrived too slowly.
    private static func unreadable(_ failure: MultipartForm.Failure) -> HTTPError {
        switch failure {
        case .notMultipart: HTTPError(.unsupportedMediaType, message: "Send the form as multipart/form-data.")
        case .tooSlow: HTTPError(.requestTimeout, headers: [.connection: "close"], message: "The photo arrived too slowly; try again on a faster connection.")
        default: HTTPError(.badRequest, headers: [.connection: "close"], message: "The form cannot be read.")
        }
    }

    private static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case NewPostError.noPhoto, PostedFeedImageMapper.Error.invalidForm: .badRequest
        case NewPostError.photoTooLarge, PostedFeedImageMapper.Error.tooLarge: .contentTooLarge
        case PostedFeedImageMapper.Error.unsupportedType: .unsupportedMediaType
        case PostedFeedImageMapper.Error.unreadable: .unprocessableContent
        case is InsufficientStorageError: .insufficientStorage
        default: .badGateway
        }
    }

    private func render(_ draft: ProfileSettingsDraft, account: SignedInAccount, language: ReaderLanguage) -> String {
        ProfileSettingsScreen(locale: language.locale, language: language.tag, assets: assets.links, account: account, draft: draft).html
    }
}
