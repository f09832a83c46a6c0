import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a person does with their account at the API: log in and out, comment, and post photos. Requests
/// that act as the person go through `AuthenticatedHTTPClient` with their token.
struct AccountService: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    let logger: Logger

    /// The API throttles log-ins by the client's address: the app passes on the browser's,
    /// or every person would share the app's.
    func logIn(username: String, password: String, from clientAddress: String) async throws -> Session {
        var request = try SessionEndpoint.logIn(username: username, password: password).request(baseURL: baseURL)
        request.setValue(clientAddress, forHTTPHeaderField: "X-Forwarded-For")
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

    func postComment(_ message: String, onImage imageID: UUID, token: String) async throws -> ImageComment {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(
            try ImageCommentPostingEndpoint.post(message: message, imageID: imageID).request(baseURL: baseURL))
        do {
            return try PostedImageCommentMapper.map(data, from: response)
        } catch PostedImageCommentMapper.Error.invalidData {
            logger.error("The API answered a new comment with status \(response.statusCode) and an unexpected body")
            throw PostedImageCommentMapper.Error.invalidData
        }
    }

    func postPhoto(_ photo: NewFeedImage, token: String) async throws -> FeedImage {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(FeedImagePostingEndpoint.post(photo).request(baseURL: baseURL))
        do {
            return try PostedFeedImageMapper.map(data, from: response)
        } catch PostedFeedImageMapper.Error.invalidData {
            logger.error("The API answered a posted photo with status \(response.statusCode) and an unexpected body")
            throw PostedFeedImageMapper.Error.invalidData
        }
    }
}
