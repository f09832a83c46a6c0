import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A person's account at the API: log in and out, and whether a session's token still holds.
/// Requests that act as the person go through `AuthenticatedHTTPClient` with their token.
struct AccountService: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    let logger: Logger

    /// The API throttles log-ins by the client's address: the app passes on the browser's,
    /// or every person would share the app's.
    func logIn(username: String, password: String, from browser: AccountSettingsService.Browser) async throws -> Session {
        var request = try SessionEndpoint.logIn(username: username, password: password).request(baseURL: baseURL)
        AccountSettingsService.identify(&request, as: browser)
        let (data, response) = try await httpClient.send(request)
        do {
            return try SessionMapper.map(data, from: response)
        } catch SessionMapper.Error.invalidData {
            logger.error("The API answered a log-in with status \(response.statusCode) and an unexpected body")
            throw SessionMapper.Error.invalidData
        }
    }

    /// Revokes the token at the API. Failing to reach it is logged, not thrown: the person
    /// is logged out of the app whatever the API says.
    func logOut(token: String) async {
        do {
            let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
            let (data, response) = try await client.send(try SessionEndpoint.logOut.request(baseURL: baseURL))
            try LogOutMapper.map(data, from: response)
        } catch {
            logger.warning("Could not revoke the API token of a session that ended", metadata: ["error": "\(error)"])
        }
    }

    /// Whether the API still honours `token`: `nil` when it could not be asked or answered
    /// neither yes nor no.
    func honours(token: String) async -> Bool? {
        do {
            let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
            let (_, response) = try await client.send(CurrentUserEndpoint.get.request(baseURL: baseURL))
            switch response.statusCode {
            case 200: return true
            case 401: return false
            default: return nil
            }
        } catch {
            return nil
        }
    }
}
