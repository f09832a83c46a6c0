import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Likes and notifications, asked of the API as the reader.
struct NotificationsService: Sendable {
    enum Error: Swift.Error, Equatable {
        case authenticationRequired
    }

    let httpClient: any HTTPClient
    let baseURL: URL

    /// Likes (`isLiked`) or unlikes the photo.
    /// - Throws: `LikeStateMapper.Error.tooManyLikes`, `ResourceNotFoundError`, `Error.authenticationRequired`.
    func like(_ imageID: UUID, _ isLiked: Bool, token: String) async throws -> LikeState {
        let endpoint: LikeEndpoint = isLiked ? .like(imageID: imageID) : .unlike(imageID: imageID)
        let (data, response) = try await send(endpoint.request(baseURL: baseURL), token: token)
        return try LikeStateMapper.map(data, from: response)
    }

    /// Which of the photos the reader likes.
    func liked(among imageIDs: [UUID], token: String) async throws -> Set<UUID> {
        guard !imageIDs.isEmpty else { return [] }
        let (data, response) = try await send(LikeEndpoint.likedAmong(imageIDs: imageIDs).request(baseURL: baseURL), token: token)
        return try LikedAmongMapper.map(data, from: response)
    }

    /// Who liked the photo, the most recent first, after `username`.
    func likers(of imageID: UUID, after username: String?, token: String) async throws -> [User] {
        let (data, response) = try await send(LikeEndpoint.likers(imageID: imageID, after: username).request(baseURL: baseURL), token: token)
        return try PeopleMapper.map(data, from: response)
    }

    func notifications(after id: Int64?, token: String) async throws -> NotificationsPage {
        let (data, response) = try await send(NotificationsEndpoint.list(afterID: id).request(baseURL: baseURL), token: token)
        return try NotificationsMapper.map(data, from: response)
    }

    /// How many wait for the reader to accept them; none when the API does not say.
    func followRequestCount(token: String) async -> Int {
        guard let (data, response) = try? await send(try AccountSettingsEndpoint.me.request(baseURL: baseURL), token: token),
            let status = try? AccountSettingsMapper.status(data, from: response)
        else { return 0 }
        return status.followRequestCount
    }

    /// Marks read everything up to `id`: the reader has seen it.
    func markRead(upTo id: Int64, token: String) async throws {
        let (_, response) = try await send(NotificationsEndpoint.markRead(upToID: id).request(baseURL: baseURL), token: token)
        guard response.statusCode == 200 else { throw NotificationsMapper.Error.invalidData }
    }

    private func send(_ request: URLRequest, token: String) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await AuthenticatedHTTPClient(decoratee: httpClient, token: token).send(request)
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return (data, response)
    }
}
