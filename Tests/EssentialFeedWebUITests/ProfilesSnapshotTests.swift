import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

/// Profiles and the feed's Following tab, as HTML.
@Suite struct ProfilesSnapshotTests {
    private let greek = Locale(identifier: "el")
    private let reader = SignedInAccount(user: User(username: "joao.pedro", name: "João"), csrfToken: "a-csrf-token")
    private let profile = Profile(
        user: User(username: "maria.silva", name: "Maria <Σίλβα>"), bio: "Sunsets & <b>tides</b>\nand the sea", postsCount: 25,
        followersCount: 1, followingCount: 3, isFollowedByReader: false, followsReader: true)

    @Test func profileScreen_withPhotosAndMore() {
        let photos = ProfilePhotosViewModel(
            photos: [makeItem(1, description: "one"), makeItem(2)], nextPageURL: "/fragments/@maria.silva/photos?after=2",
            nextScreenURL: "/@maria.silva?after=2")
        let screen = ProfileScreen(
            profile: profile, photos: photos, screenURL: "/@maria.silva", locale: english, language: "en", account: reader)
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func profileScreen_ofALockedAccount_whileTheReaderWaits_andOfOneTheReaderBlocksAndMutes_inSpanish() {
        var locked = profile
        locked.isLocked = true
        locked.isRequestedByReader = true
        var blocked = profile
        blocked.isBlockedByReader = true
        blocked.isMutedByReader = true
        let spanish = Locale(identifier: "es")
        let headers = [locked, blocked].map { ProfileHeader(profile: $0, account: reader, next: "/@maria.silva", locale: spanish).html.rendered }
        assertSnapshot(of: headers.joined(separator: "\n\n"), as: .lines)
    }

    @Test func peopleSearchScreen_withThoseFound_andWithNone_inGreek() {
        let found = PeopleSearchScreen(
            typed: "  @ann\"<", outcome: .found([User(username: "ann", name: "Ann <A>"), User(username: "joanna", name: "Jo")]), locale: greek,
            language: "el", account: reader)
        let none = PeopleSearchScreen(typed: "<zed>", outcome: .found([]), locale: greek, language: "el", account: reader)
        assertSnapshot(of: found.html + "\n\n" + none.html, as: .lines)
    }

    @Test func followRequestsScreen_withTwoWaiting_andEmpty() {
        let waiting = FollowRequestsScreen(
            people: [User(username: "ana", name: "Ana <A>"), User(username: "rui", name: "Rui")], nextURL: "/follow-requests?after=rui",
            locale: english, language: "en", account: reader)
        let empty = FollowRequestsScreen(people: [], nextURL: nil, locale: greek, language: "el", account: reader)
        assertSnapshot(of: waiting.html + "\n\n" + empty.html, as: .lines)
    }

    @Test func profileScreen_hasAHeartOverEverySquare_besideItsLink() {
        let liked = FeedItemViewModel(
            id: anyUUID(1), image: FeedImageViewModel(description: nil, location: nil, likeCount: 12, isLiked: true), imageURL: "/feed-images/1",
            commentsURL: "/images/1/comments")
        let notLiked = FeedItemViewModel(
            id: anyUUID(2), image: FeedImageViewModel(description: nil, location: nil, likeCount: 1, isLiked: false), imageURL: "/feed-images/2",
            commentsURL: "/images/2/comments")
        let photos = ProfilePhotosViewModel(photos: [liked, notLiked, makeItem(3)], nextPageURL: nil, nextScreenURL: nil)
        let screen = ProfileScreen(profile: profile, photos: photos, screenURL: "/@maria.silva", locale: greek, language: "el", account: reader)
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func profileScreen_ofTheReader_withoutPhotos_inBrazilianPortuguese() {
        let own = Profile(user: reader.user, bio: "", postsCount: 0, followersCount: 2, followingCount: 1)
        let screen = ProfileScreen(
            profile: own, photos: ProfilePhotosViewModel(photos: [], nextPageURL: nil, nextScreenURL: nil), screenURL: "/@joao.pedro",
            locale: brazilianPortuguese, language: "pt-BR", account: reader)
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func profileSettings_afterAMistake_inGreek() {
        let draft = ProfileSettingsDraft(
            displayName: "", bio: "<b>bio</b>", errorMessage: ProfileSettingsPresenter.errorMessage(for: ProfileTextError.empty, locale: greek))
        assertSnapshot(of: ProfileSettingsScreen(locale: greek, language: "el", account: reader, draft: draft).html, as: .lines)
    }

    @Test func followersScreen_withMorePeople() {
        let screen = PeopleScreen(
            owner: profile.user, list: .followers, people: [User(username: "olga", name: "Ольга"), User(username: "x<y", name: "<i>X</i>")],
            nextURL: "/@maria.silva/followers?after=x", locale: english, language: "en", account: reader)
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func followingTab_empty_invitesToFollowSomePeople() {
        let screen = FeedScreen(
            locale: english, language: "en", feedURL: "/fragments/following", screenURL: "/following",
            page: FeedPageViewModel(items: [], nextPageURL: nil), account: reader, tab: .following,
            suggestions: [User(username: "maria.silva", name: "Maria <Σίλβα>"), User(username: "olga", name: "Ольга")])
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func followingFragment_ofMorePhotos_namesWhereTheNextOnesAre() {
        let grid = ProfileGrid(locale: english, username: "maria.silva")
        let page = ProfilePhotosViewModel(photos: [makeItem(3)], nextPageURL: nil, nextScreenURL: nil)

        #expect(grid.fragment(page).hasPrefix(#"<ul data-fragment="profile-photos" data-end>"#))
        #expect(grid.fragment(page).contains(#"<li class="profile-cell"><a href="/images/00000000-0000-0000-0000-000000000003?by=maria.silva">"#))
    }

    @Test func profileLinks_keepEveryNameToOnePathSegment() {
        #expect(ProfileLinks.profile("maria.silva") == "/@maria.silva")
        #expect(ProfileLinks.profile("../a b") == "/@..%2Fa%20b")
        #expect(ProfileLinks.follow("rita", isFollowing: true) == "/@rita/follow")
        #expect(ProfileLinks.followFragment("rita", isFollowing: false) == "/fragments/@rita/unfollow")
    }
}
