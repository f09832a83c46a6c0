import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// Who sees the reader: blocking and muting from a profile (`/@username/block`, `…/unblock`,
/// `…/mute`, `…/unmute`, each back to the profile), and the requests to follow a locked
/// account (`/follow-requests`, with Accept and Reject). Forms that work without scripts and
/// carry the session's CSRF token; their scripts send them to the same paths under
/// `/fragments`, answered with the profile's new header, or `204` for a request answered. The
/// API decides every one.
struct PrivacyController {
    typealias Context = AppRequestContext

    let profiles: ProfileService
    let sessions: WebSessions
    let assets: WebAssets
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        for change in RelationChange.allCases {
            protected.post("/@{username}/\(change.rawValue)") { request, context in
                try await changeRelation(change, request: request, context: context)
            }
            protected.post("/fragments/@{username}/\(change.rawValue)") { request, context in
                try await changeRelationInPlace(change, request: request, context: context)
            }
        }
        protected.get("/@{username}/\(RelationChange.block.rawValue)", use: blockConfirmation)
        for list in KeptAwayList.allCases {
            protected.get(RouterPath(list.screenURL)) { request, context in try await keptAwayScreen(list, request: request, context: context) }
        }
        protected.get(RouterPath(ProfileLinks.followRequests), use: followRequestsScreen)
        for accept in [true, false] {
            protected.post("\(ProfileLinks.followRequests)/{username}/\(accept ? "accept" : "reject")") { request, context in
                try await answer(accept: accept, request: request, context: context)
            }
            protected.post("/fragments\(ProfileLinks.followRequests)/{username}/\(accept ? "accept" : "reject")") { request, context in
                try await answerInPlace(accept: accept, request: request, context: context)
            }
        }
    }

    /// Back to the profile, or to the list of those kept away the form was sent from.
    private func changeRelation(_ change: RelationChange, request: Request, context: Context) async throws -> Response {
        let username = try ProfileController.username(in: context)
        return try await acting(request, context: context, next: ProfileLinks.profile(username), title: "@" + username) { form, session in
            try await profiles.change(change, of: username, token: session.apiToken)
            logger.info("Changed how one person sees another", metadata: ["change": "\(change.rawValue)"])
            return KeptAwayList.allCases.map(\.screenURL).first { $0 == form["next"] } ?? ProfileLinks.profile(username)
        }
    }

    /// Whom the reader blocks or mutes, a page at a time, each with the way to undo it.
    private func keptAwayScreen(_ list: KeptAwayList, request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let after = try ProfileController.personAfter(in: request)
        let language = request.readerLanguage
        let (profiles, assets, account) = (profiles, assets.links, context.signedInAccount)
        return try await cancellingWhenClientGoes {
            let people: [User]
            do {
                people = try await profiles.keptAway(list, after: after, token: session.apiToken)
            } catch is CancellationError {
                throw CancellationError()
            } catch let error where Self.isAuthenticationRequired(error) {
                return .redirect(to: AppPaths.logIn(next: list.screenURL), type: .normal)
            } catch {
                logger.warning("Could not read whom the reader keeps away", metadata: ["error": "\(error)"])
                let page = MessagePage.actionFailed(
                    title: (list == .blocked ? PrivacyStrings.blockedPeopleTitle : PrivacyStrings.mutedPeopleTitle).localized(in: language.locale),
                    message: PrivacyStrings.failed.localized(in: language.locale), next: AccountSettingsScreen.screenURL,
                    locale: language.locale, language: language.tag, assets: assets, account: account)
                return .html(page.html, status: .badGateway)
            }
            let next = people.count >= ProfileEndpoint.peoplePageSize ? people.last.map { list.screenURL(after: $0.username) } : nil
            var response = Response.html(
                PeopleScreen(keptAway: list, people: people, nextURL: next, locale: language.locale, language: language.tag, assets: assets, account: account)
                    .html)
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }

    /// The profile's header as it is after the change.
    private func changeRelationInPlace(_ change: RelationChange, request: Request, context: Context) async throws -> Response {
        let username = try ProfileController.username(in: context)
        return try await actingInPlace(request, context: context) { session in
            try await profiles.change(change, of: username, token: session.apiToken)
            let profile = try await profiles.profile(username, token: session.apiToken)
            let header = ProfileHeader(
                profile: profile, account: context.signedInAccount, next: ProfileLinks.profile(username), locale: request.readerLanguage.locale)
            return .html(header.html.rendered)
        }
    }

    /// `204` once answered (or answered already, in another tab).
    private func answerInPlace(accept: Bool, request: Request, context: Context) async throws -> Response {
        let username = try ProfileController.username(in: context)
        return try await actingInPlace(request, context: context) { session in
            do {
                try await profiles.answerFollowRequest(from: username, accept: accept, token: session.apiToken)
            } catch is ResourceNotFoundError {
                // The row goes all the same: there is nothing left to answer.
            }
            return Response(status: .noContent)
        }
    }

    /// As `acting`, for a script: a refusal or a failure is a fragment saying so, with its status.
    private func actingInPlace(_ request: Request, context: Context, _ act: (ActiveSession) async throws -> Response) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { throw HTTPError(.forbidden) }
        do {
            return try await sessions.endingOnAuthenticationRequired(session, isAuthenticationRequired: Self.isAuthenticationRequired) {
                try await act(session)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch is ResourceNotFoundError {
            throw HTTPError(.notFound)
        } catch let error where Self.isAuthenticationRequired(error) {
            throw HTTPError(.unauthorized)
        } catch {
            logger.warning("A privacy action failed", metadata: ["error": "\(error)"])
            let message = PrivacyStrings.failed.localized(in: request.readerLanguage.locale)
            return .html(MessageErrorFragment(message: message).html, status: error as? PrivacyMapper.Error == .refused ? .badRequest : .badGateway)
        }
    }

    /// What a block does, asked before it is done.
    @Sendable func blockConfirmation(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let username = try ProfileController.username(in: context)
        let language = request.readerLanguage
        let profile: Profile
        do {
            profile = try await profiles.profile(username, token: session.apiToken)
        } catch is ResourceNotFoundError {
            throw HTTPError(.notFound)
        } catch {
            logger.warning("Could not load a profile to block", metadata: ["error": "\(error)"])
            let page = MessagePage.actionFailed(
                title: "@" + username, message: PrivacyStrings.failed.localized(in: language.locale), next: ProfileLinks.profile(username),
                locale: language.locale, language: language.tag, assets: assets.links, account: account)
            return .html(page.html, status: .badGateway)
        }
        let screen = BlockConfirmationScreen(user: profile.user, locale: language.locale, language: language.tag, account: account, assets: assets.links)
        var response = Response.html(screen.html)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func followRequestsScreen(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let after = try ProfileController.personAfter(in: request)
        let language = request.readerLanguage
        let (profiles, assets, account) = (profiles, assets.links, context.signedInAccount)
        let people: [User]
        do {
            people = try await sessions.endingOnAuthenticationRequired(session, isAuthenticationRequired: Self.isAuthenticationRequired) {
                try await profiles.followRequests(after: after, token: session.apiToken)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch let error where Self.isAuthenticationRequired(error) {
            return .redirect(to: AppPaths.logIn(next: ProfileLinks.followRequests), type: .normal)
        } catch let error where after != nil && !(error is CancellationError) {
            // The person named by `after` was answered since: from the start again.
            return .redirect(to: ProfileLinks.followRequests, type: .normal)
        } catch {
            logger.warning("Could not load the follow requests", metadata: ["error": "\(error)"])
            let page = MessagePage.actionFailed(
                title: PrivacyStrings.followRequestsTitle.localized(in: language.locale), message: PrivacyStrings.failed.localized(in: language.locale),
                next: AccountSettingsScreen.screenURL, locale: language.locale, language: language.tag, assets: assets, account: account)
            return .html(page.html, status: .badGateway)
        }
        let next =
            people.count >= PrivacyEndpoint.followRequestsPageSize
            ? people.last.map { ProfileLinks.followRequests + "?after=" + ($0.username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
            : nil
        let screen = FollowRequestsScreen(
            people: people, nextURL: next, locale: language.locale, language: language.tag, assets: assets, account: account)
        var response = Response.html(screen.html)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func answer(accept: Bool, request: Request, context: Context) async throws -> Response {
        let username = try ProfileController.username(in: context)
        let title = PrivacyStrings.followRequestsTitle.localized(in: request.readerLanguage.locale)
        return try await acting(request, context: context, next: ProfileLinks.followRequests, title: title) { _, session in
            do {
                try await profiles.answerFollowRequest(from: username, accept: accept, token: session.apiToken)
            } catch is ResourceNotFoundError {
                // Answered already (another tab): the screen shows what is left.
            }
            return ProfileLinks.followRequests
        }
    }

    /// A form's CSRF token checked, then `act`, then the browser goes where `act` says; a
    /// session the API no longer knows ends and the browser goes to log in; anything else says
    /// it could not be done, with a way back to `next`.
    private func acting(
        _ request: Request, context: Context, next: String, title: String, _ act: (FormBody, ActiveSession) async throws -> String
    ) async throws -> Response {
        let language = request.readerLanguage
        return try await sessions.acting(
            on: request, context: context, assets: assets.links, next: next, isAuthenticationRequired: Self.isAuthenticationRequired
        ) { form, session in
            .redirect(to: try await act(form, session), type: .normal)
        } failed: { error in
            if error is ResourceNotFoundError { throw HTTPError(.notFound) }
            logger.warning("A privacy action failed", metadata: ["error": "\(error)"])
            let page = MessagePage.actionFailed(
                title: title, message: PrivacyStrings.failed.localized(in: language.locale), next: next, locale: language.locale, language: language.tag,
                assets: assets.links, account: context.signedInAccount)
            return .html(page.html, status: error as? PrivacyMapper.Error == .refused ? .badRequest : .badGateway)
        }
    }

    private static func isAuthenticationRequired(_ error: any Error) -> Bool {
        error as? ProfileService.Error == .authenticationRequired || error as? PrivacyMapper.Error == .authenticationRequired
    }
}
