import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// People as the reader sees them: a profile and its photos, following, and the reader's
/// timeline. Every request acts as the reader, with their token: whether they follow
/// someone, and whose posts their timeline holds, is theirs alone — and so is what is kept of
/// them for reading offline (`LocalPeopleLoader`, under the reader's name). The photos met
/// here are remembered, so their images can be served.
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
    let silenced: SilencedPosts
    let cache: LocalPeopleLoader
    let logger: Logger

    private var loads: LoadingStrategies { LoadingStrategies(logger: logger) }

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

    /// The posts of everyone the reader follows, and their own, newest first, after `imageID`
    /// when given. From what was kept under `reader` (the key of the reader's log-in), saying
    /// since when, when the API cannot be reached.
    func timeline(of reader: String, after imageID: UUID?, token: String) async throws -> Loaded<Paginated<FeedImage>> {
        let cache = cache
        let loaded = try await loads.remoteWithCacheFallback(
            "timeline",
            remote: { try await remoteTimeline(after: imageID, token: token) },
            save: { items in try await cache.saveTimeline(items, of: reader, after: imageID) },
            cached: { try await cache.loadTimeline(of: reader, after: imageID, limit: FeedEndpoint.pageSize).map { ($0.value, $0.savedAt) } },
            isAnswer: { $0 as? Error == .authenticationRequired })
        let items = loaded.value
        let paginated = page(items, pageSize: FeedEndpoint.pageSize) { last in
            try await timeline(of: reader, after: last, token: token).value
        }
        return Loaded(value: paginated, offlineCacheSavedAt: loaded.offlineCacheSavedAt)
    }

    private func remoteTimeline(after imageID: UUID?, token: String) async throws -> [FeedImage] {
        let (data, response) = try await send(.timeline(afterImageWithID: imageID), token: token)
        do {
            return try FeedItemsMapper.map(data, from: response)
        } catch FeedItemsMapper.Error.invalidData {
            logger.error("The API answered a timeline with status \(response.statusCode) and an unexpected body")
            throw Error.invalidAnswer
        }
    }

    /// Keeps a profile and the first photos of its grid as the reader saw them, under `reader`
    /// (the key of their log-in).
    func keep(_ profile: Profile, photos: [FeedImage], for reader: String) async {
        await loads.ignoringFailure("Could not keep a profile for reading offline", metadata: ["username": "\(profile.user.username)"]) {
            try await cache.saveProfile(profile, photos: photos, of: reader)
        }
    }

    /// The profile `reader` saw last, while it may be shown; its photos can be served again.
    func keptProfile(_ username: String, for reader: String) async -> LocalPeopleLoader.Saved<LocalPeopleLoader.ProfilePage>? {
        do {
            let kept = try await cache.loadProfile(named: username, of: reader)
            for photo in kept?.value.photos ?? [] { photos.remember(photo) }
            return kept
        } catch {
            logger.warning("Could not read a kept profile", metadata: ["username": "\(username)", "error": "\(error)"])
            return nil
        }
    }

    /// Follows (`isFollowing`) or unfollows them; the first page of the timeline changes with it.
    func follow(_ username: String, _ isFollowing: Bool, token: String) async throws -> FollowState {
        let endpoint: ProfileEndpoint = isFollowing ? .follow(username: username) : .unfollow(username: username)
        let (data, response) = try await send(endpoint, token: token)
        photos.readerRelationsChanged(token: token)
        do {
            return try FollowStateMapper.map(data, from: response)
        } catch FollowStateMapper.Error.authenticationRequired {
            throw Error.authenticationRequired
        }
    }

    /// The photos before and after one of theirs, in the order their profile shows them, at
    /// any depth.
    func neighbours(of imageID: UUID, by username: String, token: String) async -> PhotoLookup.Neighbours {
        async let previous = neighbour { try await previousPost(of: username, before: imageID, token: token) }
        async let next = neighbour { try await photos(of: username, after: imageID, token: token).items.first?.id }
        return PhotoLookup.Neighbours(previous: await previous, next: await next)
    }

    private func previousPost(of username: String, before imageID: UUID, token: String) async throws -> UUID? {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let request = PreviousPostEndpoint.previous(username: username, beforeImageWithID: imageID).request(baseURL: baseURL)
        let (data, response) = try await client.send(request)
        let items = try FeedItemsMapper.map(data, from: response)
        for item in items { photos.remember(item) }
        return items.last?.id
    }

    private func neighbour(_ load: @Sendable () async throws -> UUID?) async -> UUID? {
        do {
            return try await load()
        } catch {
            logger.info("Could not find a photo's neighbour on a profile", metadata: ["error": "\(error)"])
            return nil
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

    /// Whom the reader blocks or mutes, by username, after the person named `after`; the page
    /// is full when there may be more.
    func keptAway(_ list: KeptAwayList, after: String?, token: String) async throws -> [User] {
        let endpoint: SilencedPeopleEndpoint = list == .blocked ? .blocked(after: after) : .muted(after: after)
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(endpoint.request(baseURL: baseURL))
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return try PeopleMapper.map(data, from: response)
    }

    /// Those whose username or name holds `text`, the closest first, as the API finds them
    /// for the reader.
    func searchPeople(_ text: String, token: String) async throws -> [User] {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(PeopleSearchEndpoint(text: text).request(baseURL: baseURL))
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return try PeopleMapper.map(data, from: response)
    }

    /// Blocks, mutes or undoes either, as the reader.
    func change(_ relation: RelationChange, of username: String, token: String) async throws {
        let endpoint: PrivacyEndpoint =
            switch relation {
            case .block: .block(username: username)
            case .unblock: .unblock(username: username)
            case .mute: .mute(username: username)
            case .unmute: .unmute(username: username)
            }
        try await sendPrivacy(endpoint, token: token, PrivacyMapper.done)
        switch relation {
        case .block, .unblock:
            photos.blocksChanged()
            silenced.forgetAll()
        case .mute, .unmute:
            photos.readerRelationsChanged(token: token)
        }
        silenced.relationChanged(to: username, silenced: relation == .block || relation == .mute, reader: token)
    }

    /// Those waiting for the reader to accept them, the oldest first, after the person named
    /// `after`; the page is full when there may be more.
    func followRequests(after: String?, token: String) async throws -> [User] {
        try await sendPrivacy(.followRequests(after: after), token: token, PrivacyMapper.followRequests)
    }

    /// Accepts or rejects someone's request to follow the reader.
    /// - Throws: `ResourceNotFoundError` when they no longer ask.
    func answerFollowRequest(from username: String, accept: Bool, token: String) async throws {
        try await sendPrivacy(accept ? .accept(username: username) : .reject(username: username), token: token, PrivacyMapper.done)
    }

    private func sendPrivacy<Value>(
        _ endpoint: PrivacyEndpoint, token: String, _ map: (Data, HTTPURLResponse) throws -> Value
    ) async throws -> Value {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(try endpoint.request(baseURL: baseURL))
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return try map(data, response)
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
    /// pages (the cached ones when the API cannot be reached), the reader left out, each once,
    /// reading on while one busy poster fills a page alone.
    func suggestions(for reader: User, limit: Int = 6, pagesRead: Int = 5) async -> [User] {
        var seen: Set<String> = [reader.username.lowercased()]
        var people: [User] = []
        var page = try? await pages.loadFeed().value
        var read = 0
        while let current = page, read < pagesRead, people.count < limit {
            for author in current.items.compactMap(\.author) where people.count < limit {
                if seen.insert(author.username.lowercased()).inserted { people.append(author) }
            }
            read += 1
            page = people.count < limit ? try? await current.loadMore?() : nil
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
