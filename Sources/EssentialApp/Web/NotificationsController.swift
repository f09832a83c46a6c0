import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `/notifications`: the reader's notifications in groups, newest first; opening the first
/// page marks them read (what it shows unread stays marked on it).
struct NotificationsController {
    typealias Context = AppRequestContext

    let service: NotificationsService
    let sessions: WebSessions
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(LikeLinks.notifications), use: screen)
    }

    @Sendable private func screen(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let afterID = try Self.afterID(in: request)
        let language = request.readerLanguage
        let page: NotificationsPage
        async let followRequests = afterID == nil ? service.followRequestCount(token: session.apiToken) : 0
        do {
            page = try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? NotificationsService.Error == .authenticationRequired }
            ) { try await service.notifications(after: afterID, token: session.apiToken) }
        } catch NotificationsService.Error.authenticationRequired {
            return .redirect(to: AppPaths.logIn(next: LikeLinks.notifications), type: .normal)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("Could not load notifications", metadata: ["error": "\(error)"])
            let screen = NotificationsScreen(
                groups: nil, nextURL: nil, locale: language.locale, language: language.tag, assets: assets.links, account: context.signedInAccount)
            return .html(screen.html, status: .badGateway)
        }
        if afterID == nil, page.unreadCount > 0, let newest = page.items.first, Self.isThePersonsOwnVisit(request) {
            do {
                try await service.markRead(upTo: newest.id, token: session.apiToken)
            } catch {
                logger.warning("Could not mark notifications read", metadata: ["error": "\(error)"])
            }
        }
        let next =
            page.items.count >= NotificationsEndpoint.pageSize ? page.items.last.map { "\(LikeLinks.notifications)?after=\($0.id)" } : nil
        let screen = NotificationsScreen(
            groups: NotificationsPresenter.groups(of: page.items, in: language.locale, currentDate: currentDate()), nextURL: next,
            locale: language.locale, language: language.tag, assets: assets.links, account: context.signedInAccount,
            followRequestCount: await followRequests)
        return .html(screen.html)
    }

    /// Marking read is left to a visit the person made (a link of the app, or typed): never to
    /// another site's link or a prefetch, which would clear the bell behind their back.
    private static func isThePersonsOwnVisit(_ request: Request) -> Bool {
        let isPrefetch =
            request.headers[HTTPField.Name("Sec-Purpose")!]?.contains("prefetch") == true
            || request.headers[HTTPField.Name("Purpose")!] == "prefetch"
        guard !isPrefetch else { return false }
        guard let site = request.headers[.secFetchSite] else { return true }
        return site == "same-origin" || site == "none"
    }

    private static func afterID(in request: Request) throws -> Int64? {
        guard let text = request.uri.queryParameters.get("after") else { return nil }
        guard text.utf8.count <= 19, let id = Int64(text), id >= 0 else { throw HTTPError(.badRequest) }
        return id
    }
}
