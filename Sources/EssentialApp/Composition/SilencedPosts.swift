import EssentialFeed
import Foundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The posts of the feed every reader shares that one reader does not hear from — their
/// authors muted or blocked by the reader, or blocking them — as the API last answered, kept
/// a short while per reader and post. The Everyone tab, rendered once for all, leaves them out
/// of that reader's pages, as the API's feed read with their token does.
///
/// The authors of those posts are remembered for the reader too, as are those the reader mutes
/// or blocks through the app: when the API cannot be asked, a post is left out when its kept
/// answer says so or its author is one of them. A post of anyone else is shown then (its
/// photo's bytes are still served only to readers the API shows it to).
final class SilencedPosts: Sendable {
    typealias Ask = @Sendable (_ imageIDs: [UUID], _ token: String) async -> Set<UUID>?

    private let answers: ReaderAnswers<Bool>
    private let authors: SilencedAuthors
    private let ask: Ask
    /// Pages loaded in a row while every post of them is left out; the page after them is
    /// offered as more to load, never as the end of the feed.
    private let pagesInARow = 5

    init(validFor: TimeInterval = 30, capacity: Int = 50_000, currentDate: @escaping @Sendable () -> Date, ask: @escaping Ask) {
        answers = ReaderAnswers(validFor: validFor, capacity: capacity, currentDate: currentDate)
        authors = SilencedAuthors(capacity: capacity)
        self.ask = ask
    }

    /// Asks the API with the reader's token; `nil` when it cannot be asked.
    static func askingAPI(httpClient: any HTTPClient, baseURL: URL, logger: Logger) -> Ask {
        { imageIDs, token in
            do {
                let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
                let (data, response) = try await client.send(HiddenPostsEndpoint.request(among: imageIDs, baseURL: baseURL))
                return try HiddenPostsMapper.map(data, from: response)
            } catch {
                logger.warning("Could not ask the API which posts a reader does not hear from", metadata: ["error": "\(error)"])
                return nil
            }
        }
    }

    /// Which of these posts the reader of `token` does not hear from.
    func hidden(among posts: [FeedImage], token: String) async -> Set<UUID> {
        var hidden = Set<UUID>()
        var unknown: [FeedImage] = []
        for post in posts {
            switch answers.kept(ReaderKey(imageID: post.id, token: token)) {
            case let (isHidden, true)?: if isHidden { hidden.insert(post.id) }
            default: unknown.append(post)
            }
        }
        var remaining = unknown[...]
        while !remaining.isEmpty {
            let batch = Array(remaining.prefix(HiddenPostsEndpoint.maximumAsked))
            remaining = remaining.dropFirst(batch.count)
            guard let answered = await ask(batch.map(\.id), token) else {
                hidden.formUnion(batch.filter { isKnownHidden($0, token: token) }.map(\.id))
                continue
            }
            for post in batch {
                let isHidden = answered.contains(post.id)
                answers.keep(isHidden, for: ReaderKey(imageID: post.id, token: token))
                if let author = post.author?.username { authors.set(author.lowercased(), silenced: isHidden, for: token) }
                if isHidden { hidden.insert(post.id) }
            }
        }
        return hidden
    }

    /// The page without the posts the reader does not hear from. A page left empty that has
    /// more after it is followed by the next ones; after `pagesInARow` of them the reader is
    /// offered what comes next, never told the feed ends.
    func leavingOut(
        of page: FeedPages.Page, for token: String?, loadingMore: (_ afterImageID: UUID) async throws -> FeedPages.Page
    ) async throws -> FeedPages.Page {
        guard let token else { return page }
        var page = page
        for loaded in 1...pagesInARow {
            let hidden = await hidden(among: page.value.items, token: token)
            if hidden.isEmpty { return page }
            let shown = page.value.items.filter { !hidden.contains($0.id) }
            var kept = FeedPages.Page(value: Paginated(items: shown, loadMore: page.value.loadMore), offlineCacheSavedAt: page.offlineCacheSavedAt)
            guard shown.isEmpty, page.value.loadMore != nil, let last = page.value.items.last else { return kept }
            guard loaded < pagesInARow else {
                kept.resumesAfter = last.id
                return kept
            }
            page = try await loadingMore(last.id)
        }
        return page
    }

    /// The reader muted, blocked or undid either through the app: what they hear from changed.
    func relationChanged(to username: String, silenced: Bool, reader token: String) {
        answers.forget(reader: token)
        authors.set(username.lowercased(), silenced: silenced, for: token)
    }

    /// Someone blocked or unblocked someone: both of them hear from each other differently.
    func forgetAll() {
        answers.forgetAll()
    }

    private func isKnownHidden(_ post: FeedImage, token: String) -> Bool {
        if let kept = answers.kept(ReaderKey(imageID: post.id, token: token)) { return kept.answer }
        return post.author.map { authors.contains($0.username.lowercased(), for: token) } ?? false
    }
}

/// Per reader, the people whose posts they do not hear from, as far as the app learned it;
/// at most `capacity` names in all.
private final class SilencedAuthors: Sendable {
    private let capacity: Int
    private let names = Mutex<(byReader: [String: Set<String>], count: Int)>(([:], 0))

    init(capacity: Int) {
        self.capacity = capacity
    }

    func set(_ username: String, silenced: Bool, for token: String) {
        names.withLock { names in
            let had = names.byReader[token]?.contains(username) ?? false
            guard had != silenced else { return }
            if silenced {
                if names.count >= capacity { names = ([:], 0) }
                names.byReader[token, default: []].insert(username)
                names.count += 1
            } else {
                names.byReader[token]?.remove(username)
                names.count -= 1
            }
        }
    }

    func contains(_ username: String, for token: String) -> Bool {
        names.withLock { $0.byReader[token]?.contains(username) ?? false }
    }
}
