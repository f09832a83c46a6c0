import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Hummingbird

/// What posting a form came to.
enum FormOutcome<Posted: Sendable, Draft: Sendable>: Sendable {
    case posted(Posted)
    /// Not from the app's own screen (no valid CSRF token): nothing was done.
    case refused
    /// Not done, for `error`; `draft` is what the form held, to show again.
    case failed(any Error, Draft)
}

/// A form that works without scripts and better with them, at two addresses. Posted by the
/// browser itself to the screen's address, it answers `303` on success, or the screen again
/// with the error and what was typed. Posted by the screen's script to the fragment address,
/// it answers a fragment, and the script keeps the form as it is. Both run one `submit`; a
/// refused form gets the same answer from every form of the app.
struct ProgressiveFormRoute<Posted: Sendable, Draft: Sendable>: Sendable {
    typealias Context = AppRequestContext

    let screenPath: String
    let fragmentPath: String
    let assets: WebAssetLinks
    let submit: @Sendable (Request, Context, ReaderLanguage) async throws -> FormOutcome<Posted, Draft>
    /// The answer to the browser: where to go once posted, or the screen with the error.
    let screen: @Sendable (Request, Context, ReaderLanguage, FormOutcome<Posted, Draft>) async throws -> Response
    /// The answer to the script: the fragment once posted, or the error's.
    let fragment: @Sendable (Request, Context, ReaderLanguage, FormOutcome<Posted, Draft>) async throws -> Response

    func addRoutes(to group: RouterGroup<Context>) {
        group.post(RouterPath(screenPath)) { request, context -> Response in
            let language = request.readerLanguage
            let outcome = try await submit(request, context, language)
            if case .refused = outcome { return .refused(request, assets: assets) }
            return try await screen(request, context, language, outcome)
        }
        group.post(RouterPath(fragmentPath)) { request, context -> Response in
            let language = request.readerLanguage
            let outcome = try await submit(request, context, language)
            if case .refused = outcome {
                return .html(
                    MessageErrorFragment(message: AccountsStrings.requestRefusedMessage.localized(in: language.locale)).html,
                    status: .forbidden)
            }
            return try await fragment(request, context, language, outcome)
        }
    }
}

extension WebSessions {
    /// Runs `post`; when the API no longer knows the session's token (revoked, or the password
    /// changed), the app's session ends too, and the next screen asks to log in again.
    func endingOnAuthenticationRequired<Value>(
        _ session: ActiveSession, isAuthenticationRequired: (any Error) -> Bool, _ post: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await post()
        } catch {
            if isAuthenticationRequired(error) { try await end(session) }
            throw error
        }
    }

    /// A form posted from one of the app's own screens by the person signed in: `act` runs
    /// with what it holds. When the API no longer knows the session, the session ends and the
    /// browser goes to log in, coming back to `next`; any other failure is `failed`'s answer.
    /// A form without the session's CSRF token is refused, and nothing is done.
    func acting(
        on request: Request, context: AppRequestContext, assets: WebAssetLinks, next: String,
        isAuthenticationRequired: (any Error) -> Bool, _ act: (FormBody, ActiveSession) async throws -> Response,
        failed: (any Error) async throws -> Response
    ) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets) }
        do {
            return try await endingOnAuthenticationRequired(session, isAuthenticationRequired: isAuthenticationRequired) {
                try await act(form, session)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch let error where isAuthenticationRequired(error) {
            return .redirect(to: AppPaths.logIn(next: next), type: .normal)
        } catch {
            return try await failed(error)
        }
    }
}
