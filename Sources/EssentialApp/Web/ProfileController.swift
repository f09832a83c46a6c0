import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// People: a profile at `/@username` with its grid of photos and Follow / Unfollow (a
/// `ProgressiveFormRoute`: the new header to the script, `303` back without one), and the
/// feed's Following tab, the reader's timeline.
struct ProfileController {
    typealias Context = AppRequestContext

    let profiles: ProfileService
    let sessions: WebSessions
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    let logger: Logger
    /// People's pictures by the names the API gives them: its images named by their content,
    /// kept on the app's disk as the news's pictures are.
    let loadAvatar: @Sendable (String) async throws -> Data

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.addPage(
            screen: ProfileLinks.following, fragment: ProfileLinks.followingFragment, assets: assets.links, currentDate: currentDate,
            render: timelinePage)
        protected.get("/@{username}", use: profileScreen)
        protected.get("\(ProfileLinks.avatarsPath)/:name", use: avatar)
        protected.get("/fragments/@{username}/photos", use: photosFragment)
        for list in [PeopleList.followers, .following] {
            protected.get("/@{username}/\(list.rawValue)") { request, context in try await peopleScreen(list, request: request, context: context) }
        }
        for isFollowing in [true, false] {
            let action = isFollowing ? "follow" : "unfollow"
            ProgressiveFormRoute<FollowAnswer, String>(
                screenPath: "/@{username}/\(action)", fragmentPath: "/fragments/@{username}/\(action)", assets: assets.links,
                submit: { request, context, language in try await follow(isFollowing, request: request, context: context, language: language) },
                screen: answerScreen, fragment: answerScript
            ).addRoutes(to: protected)
        }
    }

    // MARK: - The Following tab

    @Sendable func timelinePage(_ page: PageRequest) async throws -> RenderedFragment {
        let session = try Self.session(of: page.context)
        let lastImageID = try FeedController.afterParameter(of: page.request)
        let shown = lastImageID == nil ? 0 : try FeedController.shownParameter(of: page.request)
        let (profiles, sessions) = (profiles, sessions)
        let load: @Sendable () async throws -> FeedPages.Page = {
            try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? ProfileService.Error == .authenticationRequired }
            ) { try await profiles.timeline(of: session.secrets.keptContentKey, after: lastImageID, token: session.apiToken) }
        }
        switch page.form {
        case .screen:
            let loaded: Result<FeedPages.Page, any Error>
            do {
                loaded = .success(try await load())
            } catch {
                loaded = .failure(error)
            }
            // People to follow, for a first page with nothing on it.
            let isEmpty = lastImageID == nil && (try? loaded.get().value.items.isEmpty) == true
            let suggestions = isEmpty ? await profiles.suggestions(for: session.user) : []
            return try await FeedUIComposer.feedScreen(
                after: lastImageID, shown: shown, locale: page.language.locale, language: page.language.tag, currentDate: page.now,
                assets: page.assets, account: page.account, tab: .following, suggestions: suggestions, loader: { try loaded.get() })
        case .fragment:
            return try await FeedUIComposer.feedFragment(
                after: lastImageID, shown: shown, locale: page.language.locale, currentDate: page.now, tab: .following, loader: load)
        }
    }

    // MARK: - Profiles

    /// Named by their content, so a browser keeps them for good.
    @Sendable func avatar(_ request: Request, context: Context) async throws -> Response {
        let name = context.parameters.get("name") ?? ""
        let loadAvatar = loadAvatar
        return try await imageResponse(
            cacheControl: "private, max-age=31536000, immutable", isUnknown: { $0 as? NewsService.Error == .unknownImage }
        ) {
            try await loadAvatar(name)
        }
    }

    @Sendable func profileScreen(_ request: Request, context: Context) async throws -> Response {
        let username = try Self.username(in: context)
        let session = try Self.session(of: context)
        let lastImageID = try FeedController.afterParameter(of: request)
        let language = request.readerLanguage
        let (profiles, sessions, assets, account) = (profiles, sessions, assets.links, context.signedInAccount)
        return try await cancellingWhenClientGoes {
            async let photos = Self.result { try await profiles.photos(of: username, after: lastImageID, token: session.apiToken) }
            let profile: Profile
            do {
                profile = try await sessions.endingOnAuthenticationRequired(
                    session, isAuthenticationRequired: { $0 as? ProfileService.Error == .authenticationRequired }
                ) { try await profiles.profile(username, token: session.apiToken) }
            } catch is ResourceNotFoundError {
                throw HTTPError(.notFound)
            } catch is CancellationError {
                throw CancellationError()
            } catch ProfileService.Error.authenticationRequired {
                return .redirect(to: AppPaths.logIn(next: ProfileLinks.profile(username)), type: .normal)
            } catch {
                logger.warning("Could not load a profile", metadata: ["username": "\(username)", "error": "\(error)"])
                if lastImageID == nil, let kept = await keptProfileResponse(username, session: session, language: language, account: account) {
                    return kept
                }
                let page = MessagePage.profileUnavailable(
                    username: username, locale: language.locale, language: language.tag, assets: assets, account: account)
                return .html(page.html, status: .badGateway)
            }
            // One address per person: `/@Maria.Silva` and the like go to the name as it is kept.
            guard profile.user.username == username else {
                return .redirect(to: ProfileLinks.profile(profile.user.username), type: .permanent)
            }
            let account = SignedInAccount(user: await sessions.refreshed(session, seeing: profile.user), csrfToken: session.csrfToken)
            let loadedPhotos = await photos
            // A page after a photo that is not theirs (or no longer there) is no page of theirs.
            if case .failure(let error) = loadedPhotos, error is ResourceNotFoundError { throw HTTPError(.notFound) }
            let grid = try? loadedPhotos.get()
            if let grid, lastImageID == nil { await profiles.keep(profile, photos: grid.items, for: session.secrets.keptContentKey) }
            return profileResponse(
                profile, photos: grid, language: language, account: account, status: grid == nil ? .badGateway : .ok)
        }
    }

    /// The profile and grid the reader saw last in this log-in, when the API cannot be
    /// reached, saying since when.
    private func keptProfileResponse(
        _ username: String, session: ActiveSession, language: ReaderLanguage, account: SignedInAccount?
    ) async -> Response? {
        guard let kept = await profiles.keptProfile(username, for: session.secrets.keptContentKey) else { return nil }
        let notice = ProfilePresenter.offlineNotice(savedAt: kept.savedAt, currentDate: currentDate(), locale: language.locale)
        return profileResponse(
            kept.value.profile, photos: Paginated(items: kept.value.photos), offlineNotice: notice, savedAt: kept.savedAt, language: language,
            account: account, status: .ok)
    }

    private func profileResponse(
        _ profile: Profile, photos grid: Paginated<FeedImage>?, offlineNotice: String? = nil, savedAt: Date? = nil,
        language: ReaderLanguage, account: SignedInAccount?, status: HTTPResponse.Status
    ) -> Response {
        let screen = ProfileScreen(
            profile: profile, photos: grid.map { Self.photos($0, of: profile.user.username) },
            photosError: grid == nil ? ProfileStrings.loadError.localized(in: language.locale) : nil, offlineNotice: offlineNotice,
            screenURL: ProfileLinks.profile(profile.user.username), locale: language.locale, language: language.tag,
            assets: assets.links, account: account)
        // Kept on the device for reading offline, as the person's other screens are; a kept
        // copy's seven days count from when the app saved it.
        var response = Response.html(screen.html, status: status)
        response.markKeptOffline(cacheSavedAt: savedAt.map { Date?.some($0) })
        return response
    }

    @Sendable func photosFragment(_ request: Request, context: Context) async throws -> Response {
        let username = try Self.username(in: context)
        let session = try Self.session(of: context)
        guard let lastImageID = try FeedController.afterParameter(of: request) else { throw HTTPError(.badRequest) }
        let language = request.readerLanguage
        let profiles = profiles
        return try await cancellingWhenClientGoes {
            do {
                let page = try await profiles.photos(of: username, after: lastImageID, token: session.apiToken)
                return .html(ProfileGrid(locale: language.locale, username: username).fragment(Self.photos(page, of: username)))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let isNotFound = error is ResourceNotFoundError
                let message =
                    isNotFound
                    ? SharedStrings.pageNotFoundMessage.localized(in: language.locale) : ProfileStrings.loadError.localized(in: language.locale)
                return .html(MessageErrorFragment(message: message).html, status: isNotFound ? .notFound : .badGateway)
            }
        }
    }

    @Sendable func peopleScreen(_ list: PeopleList, request: Request, context: Context) async throws -> Response {
        let username = try Self.username(in: context)
        let session = try Self.session(of: context)
        let after = try Self.personAfter(in: request)
        let language = request.readerLanguage
        let (profiles, assets, account) = (profiles, assets.links, context.signedInAccount)
        return try await cancellingWhenClientGoes {
            async let people = Self.result { try await profiles.people(of: username, list, after: after, token: session.apiToken) }
            let profile: Profile
            do {
                profile = try await profiles.profile(username, token: session.apiToken)
            } catch is ResourceNotFoundError {
                throw HTTPError(.notFound)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let page = MessagePage.profileUnavailable(
                    username: username, locale: language.locale, language: language.tag, assets: assets, account: account)
                return .html(page.html, status: .badGateway)
            }
            let found: [User]
            switch await people {
            case let .success(page): found = page
            // The person named by `after` has left the list since: from its start again.
            case .failure(let error) where after != nil && !(error is CancellationError):
                return .redirect(to: ProfileLinks.people(profile.user.username, list), type: .normal)
            case let .failure(error): throw error
            }
            let next = found.count >= ProfileEndpoint.peoplePageSize ? found.last.map { ProfileLinks.people(username, list, after: $0.username) } : nil
            let screen = PeopleScreen(
                owner: profile.user, list: list, people: found, nextURL: next, locale: language.locale, language: language.tag, assets: assets,
                account: account)
            var response = Response.html(screen.html)
            response.markKeptOffline()
            return response
        }
    }

    /// `after`, at most once, a username as the API keeps them.
    static func personAfter(in request: Request) throws -> String? {
        let values = request.uri.queryParameters.getAll("after")
        guard values.count <= 1 else { throw HTTPError(.badRequest) }
        guard let value = values.first.map({ String($0) }) else { return nil }
        guard isUsername(value) else { throw HTTPError(.badRequest) }
        return value
    }

    private static func photos(_ page: Paginated<FeedImage>, of username: String) -> ProfilePhotosViewModel {
        let last = page.loadMore == nil ? nil : page.items.last
        return ProfilePhotosViewModel(
            photos: page.items.map(FeedViewAdapter.item),
            nextPageURL: last.map { ProfileLinks.photosFragment(username, after: $0.id) },
            nextScreenURL: last.map { ProfileLinks.profile(username, after: $0.id) })
    }

    // MARK: - Following

    @Sendable private func follow(
        _ isFollowing: Bool, request: Request, context: Context, language: ReaderLanguage
    ) async throws -> FormOutcome<FollowAnswer, String> {
        let username = try Self.username(in: context)
        let session = try Self.session(of: context)
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused }
        let next = form["next"].flatMap(AppPaths.sameOriginPath) ?? ProfileLinks.profile(username)
        let profiles = profiles
        do {
            let profile = try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? ProfileService.Error == .authenticationRequired }
            ) {
                _ = try await profiles.follow(username, isFollowing, token: session.apiToken)
                return try await profiles.profile(username, token: session.apiToken)
            }
            return .posted(FollowAnswer(profile: profile, next: next))
        } catch is CancellationError {
            throw CancellationError()
        } catch is ResourceNotFoundError {
            throw HTTPError(.notFound)
        } catch {
            logger.warning("Could not follow or unfollow", metadata: ["username": "\(username)", "error": "\(error)"])
            return .failed(error, next)
        }
    }

    @Sendable private func answerScreen(
        _ request: Request, context: Context, language: ReaderLanguage, outcome: FormOutcome<FollowAnswer, String>
    ) async throws -> Response {
        switch outcome {
        case let .failed(error, _) where error as? ProfileService.Error == .authenticationRequired:
            return .redirect(to: AppPaths.logIn(next: ProfileLinks.profile(try Self.username(in: context))), type: .normal)
        case let .failed(error, next):
            let page = MessagePage.profileUnavailable(
                username: try Self.username(in: context), message: ProfileStrings.followError.localized(in: language.locale), next: next,
                locale: language.locale, language: language.tag, assets: assets.links, account: context.signedInAccount)
            return .html(page.html, status: Self.status(for: error))
        case let .posted(answer):
            return .redirect(to: answer.next, type: .normal)
        case .refused:
            throw HTTPError(.forbidden)
        }
    }

    @Sendable private func answerScript(
        _ request: Request, context: Context, language: ReaderLanguage, outcome: FormOutcome<FollowAnswer, String>
    ) async throws -> Response {
        switch outcome {
        case let .posted(answer):
            let profile = answer.profile
            let header = ProfileHeader(
                profile: profile, account: context.signedInAccount, next: ProfileLinks.profile(profile.user.username), locale: language.locale)
            return .html(header.html.rendered)
        case let .failed(error, _):
            return .html(
                MessageErrorFragment(message: ProfileStrings.followError.localized(in: language.locale)).html, status: Self.status(for: error))
        case .refused:
            throw HTTPError(.forbidden)
        }
    }

    private static func result<Value: Sendable>(_ load: () async throws -> Value) async -> Result<Value, any Error> {
        do {
            return .success(try await load())
        } catch {
            return .failure(error)
        }
    }

    /// Following oneself is the one follow the API refuses for what it is.
    private static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case ProfileService.Error.authenticationRequired: .unauthorized
        case FollowStateMapper.Error.refused: .badRequest
        default: .badGateway
        }
    }

    // MARK: - Parameters

    /// The username in the path, percent-decoded: letters, digits, `.`, `_` and `-`, at most
    /// 64; anything else is an address the app does not have.
    static func username(in context: Context) throws -> String {
        guard let raw = context.parameters.get("username"), raw.utf8.count <= 200,
            let username = raw.removingPercentEncoding, isUsername(username)
        else { throw HTTPError(.notFound) }
        return username
    }

    /// What a username may be made of, as the API keeps them: ASCII letters, digits, `.`,
    /// `_` and `-`, at most 64, and not dots alone (which a path would read as a way up).
    static func isUsername(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.contains(where: { $0 != UInt8(ascii: ".") })
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            }
    }

    private static func session(of context: Context) throws -> ActiveSession {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        return session
    }
}

/// A follow done: the profile as it stands now, and where the browser goes back to.
struct FollowAnswer: Sendable {
    let profile: Profile
    let next: String
}
