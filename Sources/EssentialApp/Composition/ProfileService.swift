import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// People as the reader sees them: a profile and its photos, following, and the reader's
/// timeline. Every request acts as the reader, with their token: whether they follow
/// someone, and whose posts their timeline holds, is theirs alone. The photos met here are
/// remembered, so their images can be served.
struct ProfileService: Sendable {
    enum Error: Swift.Error, Equatable {
        /// The API no longer honours the reader's token.
        case authenticationRequired
        /// The API answered something the app cannot read.
        case invalidAnswer
    }

    let httpClient: any HTTPClient
    let baseURL: URL
    let pages: FeedPages
    let photos: PhotoLookup
    let logger: Logger

    /// - Throws: `ResourceNotFoundError` when nobody has that name.
    func profile(_ username: String, token: String) async throws -> Profile {
        let (data, response) = try await send(.profile(username: username), token: token)
        return try ProfileMapper.map(data, from: response)
    }

    /// Their photos, newest first, after `imageID` when given.
    func photos(of username: String, after imageID: UUID?, token: String) async throws -> Paginated<FeedImage> {
        let (data, response) = try await send(.posts(username: username, afterImageWithID: imageID), token: token)
        return page(try FeedItemsMapper.map(data, from: response), pageSize: ProfileEndpoint.photosPageSize) { last in
            try await photos(of: username, after: last, token: token)
        }
    }

    /// The posts of everyone the reader follows, and their own, newest first.
    func timeline(after imageID: UUID?, token: String) async throws -> Paginated<FeedImage> {
        let (data, response) = try await send(.timeline(afterImageWithID: imageID), token: token)
        do {
            return page(try FeedItemsMapper.map(data, from: response), pageSize: FeedEndpoint.pageSize) { last in
                try await timeline(after: last, token: token)
            }
        } catch FeedItemsMapper.Error.invalidData {
            logger.error("The API answered a timeline with status \(response.statusCode) and an unexpected body")
            throw Error.invalidAnswer
        }
    }

    /// Follows (`isFollowing`) or unfollows them; the first page of the timeline changes with it.
    func follow(_ username: String, _ isFollowing: Bool, token: String) async throws -> FollowState {
        let endpoint: ProfileEndpoint = isFollowing ? .follow(username: username) : .unfollow(username: username)
        let (data, response) = try await send(endpoint, token: token)
        do {
            return try FollowStateMapper.map(data, from: response)
        } catch FollowStateMapper.Error.authenticationRequired {
            throw Error.authenticationRequired
        }
    }

    /// The photos before and after one of theirs, in the order their profile shows them:
    /// from their first page when the photo is on it, else the next one only.
    func neighbours(of imageID: UUID, by username: String, token: String) async -> PhotoLookup.Neighbours {
        do {
            let first = try await photos(of: username, after: nil, token: token).items
            if let index = first.firstIndex(where: { $0.id == imageID }) {
                let previous = index > first.startIndex ? first[index - 1].id : nil
                if index + 1 < first.endIndex { return PhotoLookup.Neighbours(previous: previous, next: first[index + 1].id) }
                return PhotoLookup.Neighbours(previous: previous, next: try await photos(of: username, after: imageID, token: token).items.first?.id)
            }
            return PhotoLookup.Neighbours(previous: nil, next: try await photos(of: username, after: imageID, token: token).items.first?.id)
        } catch {
            logger.info("Could not find a photo's neighbours on a profile", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return PhotoLookup.Neighbours(previous: nil, next: nil)
        }
    }

    /// Their followers or follows, most recent first, after the person named `after`; the
    /// page is full when there may be more.
    func people(of username: String, _ list: PeopleList, after: String?, token: String) async throws -> [User] {
        let endpoint: ProfileEndpoint =
            list == .followers ? .followers(username: username, after: after) : .following(username: username, after: after)
        let (data, response) = try await send(endpoint, token: token)
        return try PeopleMapper.map(data, from: response)
    }

    /// Changes the reader's own name and bio; answers the profile as the API keeps it.
    func update(displayName: String, bio: String, token: String) async throws -> Profile {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(ProfileUpdateEndpoint.update(displayName: displayName, bio: bio).request(baseURL: baseURL))
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return try ProfileMapper.map(data, from: response)
    }

    /// Gives the reader this picture; the errors of a posted photo when the API refuses it.
    func setAvatar(_ photo: Data, token: String) async throws -> Profile {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(AvatarEndpoint.set(photo).request(baseURL: baseURL))
        return try AvatarMapper.map(data, from: response)
    }

    func removeAvatar(token: String) async throws {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (_, response) = try await client.send(AvatarEndpoint.remove.request(baseURL: baseURL))
        try AvatarMapper.mapRemoval(response)
    }

    /// People to follow for a reader whose timeline is empty: the authors of the feed's first
    /// page (the cached one when the API cannot be reached), the reader left out, each once.
    func suggestions(for reader: User, limit: Int = 6) async -> [User] {
        var seen: Set<String> = [reader.username.lowercased()]
        var people: [User] = []
        let feed = (try? await pages.loadFeed().value.items) ?? []
        for author in feed.compactMap(\.author) where people.count < limit {
            if seen.insert(author.username.lowercased()).inserted { people.append(author) }
        }
        return people
    }

    private func send(_ endpoint: ProfileEndpoint, token: String) async throws -> (Data, HTTPURLResponse) {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(endpoint.request(baseURL: baseURL))
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return (data, response)
    }

    /// A full page may have more after it; the app asks for them by the last one's id.
    private func page(
        _ items: [FeedImage], pageSize: Int, next: @escaping @Sendable (_ lastImageID: UUID) async throws -> Paginated<FeedImage>
    ) -> Paginated<FeedImage> {
        for item in items { photos.remember(item) }
        guard items.count >= pageSize, let last = items.last else { return Paginated(items: items) }
        return Paginated(items: items, loadMore: { try await next(last.id) })
    }
}
