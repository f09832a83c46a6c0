import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The posts of the feed every reader shares that one reader does not hear from — their
/// authors muted or blocked by the reader, or blocking them — as the API last answered, kept
/// a short while per reader and post. The Everyone tab, rendered once for all, leaves them out
/// of that reader's pages, as the API's feed read with their token does.
///
/// When the API cannot be asked, the answers kept stand however old, and a post never asked
/// about is shown: its photo's bytes are still served only to readers the API shows it to.
final class SilencedPosts: Sendable {
    typealias Ask = @Sendable (_ imageIDs: [UUID], _ token: String) async -> Set<UUID>?

    private let answers: ReaderAnswers<Bool>
    private let ask: Ask
    /// Pages loaded in a row when every post of one is left out, before the feed is shown as
    /// ending there.
    private let pagesInARow = 4

    init(validFor: TimeInterval = 30, capacity: Int = 50_000, currentDate: @escaping @Sendable () -> Date, ask: @escaping Ask) {
        answers = ReaderAnswers(validFor: validFor, capacity: capacity, currentDate: currentDate)
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
    func hidden(among imageIDs: [UUID], token: String) async -> Set<UUID> {
        var hidden = Set<UUID>()
        var unknown: [UUID] = []
        var stale: [UUID: Bool] = [:]
        for id in imageIDs {
            let kept = answers.kept(ReaderKey(imageID: id, token: token))
            if let kept, kept.holds {
                if kept.answer { hidden.insert(id) }
            } else {
                unknown.append(id)
                stale[id] = kept?.answer
            }
        }
        var remaining = unknown[...]
        while !remaining.isEmpty {
            let batch = Array(remaining.prefix(HiddenPostsEndpoint.maximumAsked))
            remaining = remaining.dropFirst(batch.count)
            guard let answered = await ask(batch, token) else {
                hidden.formUnion(batch.filter { stale[$0] == true })
                continue
            }
            for id in batch {
                answers.keep(answered.contains(id), for: ReaderKey(imageID: id, token: token))
            }
            hidden.formUnion(answered.intersection(batch))
        }
        return hidden
    }

    /// The page without the posts the reader does not hear from. A page left empty that has
    /// more after it is followed by the next ones, so the reader is not told the feed ends.
    func leavingOut(
        of page: FeedPages.Page, for token: String?, loadingMore: (_ afterImageID: UUID) async throws -> FeedPages.Page
    ) async throws -> FeedPages.Page {
        guard let token else { return page }
        var page = page
        for _ in 0..<pagesInARow {
            let hidden = await hidden(among: page.value.items.map(\.id), token: token)
            if hidden.isEmpty { return page }
            let shown = page.value.items.filter { !hidden.contains($0.id) }
            guard shown.isEmpty, page.value.loadMore != nil, let last = page.value.items.last else {
                return FeedPages.Page(value: Paginated(items: shown, loadMore: page.value.loadMore), offlineCacheSavedAt: page.offlineCacheSavedAt)
            }
            page = try await loadingMore(last.id)
        }
        return FeedPages.Page(value: Paginated(items: [], loadMore: nil), offlineCacheSavedAt: page.offlineCacheSavedAt)
    }

    /// The reader muted or unmuted someone through the app.
    func forget(reader token: String) {
        answers.forget(reader: token)
    }

    /// Someone blocked or unblocked someone: both of them hear from each other differently.
    func forgetAll() {
        answers.forgetAll()
    }
}
