import Foundation
import Synchronization

/// Markup kept by what it was rendered from, so that a page shown again is not rendered
/// again. Rendering is a pure function of the key, so what comes back is what rendering would
/// give — for text that Swift counts as equal (canonically equivalent), the bytes of the first
/// rendering; when what a page shows changes, so does its key.
///
/// Holds at most `capacity` entries and drops the least recently used first, so its memory
/// is bounded whatever readers ask for.
public final class MarkupCache<Key: Hashable & Sendable>: Sendable {
    private struct Entry {
        let markup: HTML
        var lastUse: UInt64

        mutating func use(at time: UInt64) -> HTML {
            lastUse = time
            return markup
        }
    }

    private struct HashedKey: Hashable {
        let key: Key
        let hash: Int

        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        static func == (lhs: HashedKey, rhs: HashedKey) -> Bool {
            lhs.hash == rhs.hash && lhs.key == rhs.key
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    private struct State {
        var entries: [HashedKey: Entry] = [:]
        var uses: UInt64 = 0
    }

    private let state = Mutex(State())
    private let capacity: Int

    public init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
    }

    /// What `render` gives for `key`: rendered now when it is not kept, else kept.
    public func markup(for key: Key, render: () -> HTML) -> HTML {
        // The key's hash is computed once, before the lock: a page's key holds all it shows.
        let key = HashedKey(key)
        let kept = state.withLock { state -> HTML? in
            state.uses &+= 1
            return state.entries[key]?.use(at: state.uses)
        }
        if let kept { return kept }
        let rendered = render()
        state.withLock { state in
            state.uses &+= 1
            if state.entries[key] == nil, state.entries.count >= capacity,
                let leastRecent = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries.removeValue(forKey: leastRecent)
            }
            state.entries[key] = Entry(markup: rendered, lastUse: state.uses)
        }
        return rendered
    }

    /// How many renderings are kept.
    public var count: Int { state.withLock { $0.entries.count } }
}

/// What a view model renders to, in one language; `variant` tells apart the renderings of one
/// view model that differ in form (how many images load at once, say).
///
/// Hashed by `identity` and `position` alone — what names the view model's content and where
/// it starts, cheap to hash (its items' ids and the first one's place, say) — and compared by
/// all it holds: an edited item shares its hash with the item before the edit but is another key.
public struct RenderedMarkupKey<ViewModel: Hashable & Sendable>: Hashable, Sendable {
    let viewModel: ViewModel
    let identity: [UUID]
    let position: Int
    let language: String
    let variant: Int

    init(_ viewModel: ViewModel, identity: [UUID], position: Int = 0, locale: Locale, variant: Int = 0) {
        self.viewModel = viewModel
        self.identity = identity
        self.position = position
        language = locale.identifier
        self.variant = variant
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.identity == rhs.identity && lhs.position == rhs.position && lhs.language == rhs.language && lhs.variant == rhs.variant && lhs.viewModel == rhs.viewModel
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(position)
        hasher.combine(language)
        hasher.combine(variant)
    }
}
