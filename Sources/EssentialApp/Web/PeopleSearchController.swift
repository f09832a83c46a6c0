import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// Finding people (`/search?q=…`): the search box, and those the API finds for the reader.
/// Never kept: each search asks again.
struct PeopleSearchController {
    typealias Context = AppRequestContext

    let profiles: ProfileService
    let sessions: WebSessions
    let assets: WebAssets
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(PeopleSearchScreen.screenURL), use: search)
    }

    @Sendable private func search(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        // A form's GET query: `+` is a space there.
        let query: String = request.uri.query.map { String($0) } ?? ""
        let fields = FormBody.parse(query)
        let typed = fields?["q"]
        let (profiles, sessions, logger, assets, account) = (profiles, sessions, logger, assets.links, context.signedInAccount)
        @Sendable func screen(_ outcome: PeopleSearchScreen.Outcome, status: HTTPResponse.Status) -> Response {
            let page = PeopleSearchScreen(
                typed: typed ?? "", outcome: outcome, locale: language.locale, language: language.tag, assets: assets, account: account)
            var response = Response.html(page.html, status: status)
            response.headers[.cacheControl] = "no-store"
            return response
        }
        guard let fields else { return screen(.invalid, status: .badRequest) }
        guard let typed = fields["q"] else { return screen(.notAsked, status: .ok) }
        guard let text = PeopleSearchText.searched(typed) else { return screen(.invalid, status: .badRequest) }
        return try await cancellingWhenClientGoes {
            do {
                let people = try await sessions.endingOnAuthenticationRequired(
                    session, isAuthenticationRequired: { $0 as? ProfileService.Error == .authenticationRequired }
                ) { try await profiles.searchPeople(text, token: session.apiToken) }
                return screen(.found(people), status: .ok)
            } catch is CancellationError {
                throw CancellationError()
            } catch ProfileService.Error.authenticationRequired {
                return .redirect(to: AppPaths.logIn(next: PeopleSearchScreen.url(searchingFor: typed)), type: .normal)
            } catch {
                logger.warning("Could not search for people", metadata: ["error": "\(error)"])
                return screen(.failed, status: .badGateway)
            }
        }
    }
}
