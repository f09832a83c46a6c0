import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a person does with their own photos and comments, as themselves (their token). A
/// change makes first pages asked for from then on load afresh, so the person sees it.
struct OwnPosts: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    let pages: FeedPages
    let photos: PhotoLookup

    func edit(_ imageID: UUID, texts: PostTexts, token: String) async throws -> FeedImage {
        let (data, response) = try await send(try OwnPostEndpoint.edit(imageID: imageID, texts: texts), token: token)
        let edited = try OwnPostMapper.mapEdit(data, from: response)
        photos.changed(edited)
        pages.feedChanged()
        return edited
    }

    func delete(_ imageID: UUID, token: String) async throws {
        let (_, response) = try await send(.delete(imageID: imageID), token: token)
        try OwnPostMapper.mapDeletion(response)
        await photos.forget(imageID)
        pages.feedChanged()
    }

    func deleteComment(_ commentID: UUID, onImage imageID: UUID, token: String) async throws {
        let (_, response) = try await send(.deleteComment(commentID: commentID, imageID: imageID), token: token)
        try OwnPostMapper.mapDeletion(response)
        pages.feedChanged()
    }

    private func send(_ endpoint: OwnPostEndpoint, token: String) async throws -> (Data, HTTPURLResponse) {
        try await AuthenticatedHTTPClient(decoratee: httpClient, token: token).send(try endpoint.request(baseURL: baseURL))
    }
}
