import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

/// A profile the reader blocks: it says why it shows no photos, and counts none.
struct BlockedProfileTests {
    private let english = Locale(identifier: "en")
    private let reader = SignedInAccount(user: User(username: "joao", name: "João"), csrfToken: "a-csrf-token")

    @Test func saysItsPhotosAreHiddenByTheBlock_notThatThereAreNone() {
        var profile = Profile(user: User(username: "maria", name: "Maria"), bio: "", postsCount: 0, followersCount: 1, followingCount: 3)
        profile.isBlockedByReader = true
        let empty = ProfilePhotosViewModel(photos: [], nextPageURL: nil, nextScreenURL: nil)

        let html = ProfileScreen(profile: profile, photos: empty, screenURL: "/@maria", locale: english, language: "en", account: reader).html

        #expect(html.contains("Their photos stay hidden while you block them."))
        #expect(!html.contains("No photos yet."))
        #expect(!html.contains("data-count=\"posts\""), "a count of 0 would say they posted nothing")
    }

    @Test func anUnblockedProfileWithoutPhotos_saysThereAreNone() {
        let profile = Profile(user: User(username: "maria", name: "Maria"), bio: "", postsCount: 0, followersCount: 1, followingCount: 3)
        let empty = ProfilePhotosViewModel(photos: [], nextPageURL: nil, nextScreenURL: nil)

        let html = ProfileScreen(profile: profile, photos: empty, screenURL: "/@maria", locale: english, language: "en", account: reader).html

        #expect(html.contains("No photos yet."))
        #expect(html.contains("data-count=\"posts\""))
    }
}
