import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// `/settings/profile`: one's display name and bio. Checked here by the rules the API keeps
/// (`ProfileText`), so a mistake is told in the reader's language with what they typed;
/// saved, the browser goes to the profile, which shows the change.
struct ProfileSettingsController {
    typealias Context = AppRequestContext

    let profiles: ProfileService
    let sessions: WebSessions
    let assets: WebAssets
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(ProfileSettingsScreen.screenURL), use: screen)
        protected.post(RouterPath(ProfileSettingsScreen.screenURL), use: save)
    }

    @Sendable func screen(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let profiles = profiles
        return try await cancellingWhenClientGoes {
            let draft: ProfileSettingsDraft
            let status: HTTPResponse.Status
            do {
                let profile = try await profiles.profile(session.user.username, token: session.apiToken)
                draft = ProfileSettingsDraft(displayName: profile.user.name, bio: profile.bio)
                status = .ok
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                logger.warning("Could not load the profile to edit", metadata: ["error": "\(error)"])
                draft = ProfileSettingsDraft(
                    displayName: session.user.name, bio: "", errorMessage: ProfileStrings.loadError.localized(in: language.locale))
                status = .badGateway
            }
            return .html(render(draft, account: account, language: language), status: status)
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
            return .redirect(to: ProfileLinks.profile(saved.user.username), type: .normal)
        } catch is CancellationError {
            throw CancellationError()
        } catch ProfileService.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: ProfileSettingsScreen.screenURL), type: .normal)
        } catch {
            if !(error is ProfileTextError) { logger.warning("Could not save a profile", metadata: ["error": "\(error)"]) }
            var draft = typed
            draft.errorMessage = ProfileSettingsPresenter.errorMessage(for: error, locale: language.locale)
            return .html(render(draft, account: account, language: language), status: error is ProfileTextError ? .badRequest : .badGateway)
        }
    }

    private func render(_ draft: ProfileSettingsDraft, account: SignedInAccount, language: ReaderLanguage) -> String {
        ProfileSettingsScreen(locale: language.locale, language: language.tag, assets: assets.links, account: account, draft: draft).html
    }
}
