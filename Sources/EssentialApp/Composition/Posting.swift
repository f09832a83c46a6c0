import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a person posts through the app: a comment on a photo, a photo to the feed. Each
/// request acts as the person, with their token; a posted photo makes first pages asked for
/// from then on load afresh, so the person sees it.
struct Posting: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    let pages: FeedPages
    let logger: Logger

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
            let posted = try PostedFeedImageMapper.map(data, from: response)
            pages.feedChanged()
            return posted
        } catch PostedFeedImageMapper.Error.invalidData {
            logger.error("The API answered a posted photo with status \(response.statusCode) and an unexpected body")
            throw PostedFeedImageMapper.Error.invalidData
        }
    }
}
