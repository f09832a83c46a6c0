import EssentialFeed
import Foundation

/// A person's photos as a profile's grid shows them: square thumbnails, three to a row.
public struct ProfilePhotosViewModel: Sendable {
    public let photos: [FeedItemViewModel]
    /// The next photos, for the screen's script.
    public let nextPageURL: String?
    /// The same, as a screen, for a browser without scripts.
    public let nextScreenURL: String?

    public init(photos: [FeedItemViewModel], nextPageURL: String?, nextScreenURL: String?) {
        self.photos = photos
        self.nextPageURL = nextPageURL
        self.nextScreenURL = nextScreenURL
    }
}

/// A profile: the person's picture, name, bio and counts, Follow / Unfollow, and their
/// photos as a grid; `profile.js` loads more photos as the reader scrolls and follows in place.
public struct ProfileScreen {
    private let context: ScreenContext
    private let profile: Profile
    private let photos: ProfilePhotosViewModel?
    private let photosError: String?
    private let offlineNotice: String?
    private let screenURL: String

    /// - Parameter offlineNotice: what the screen says above a profile the app kept, shown
    ///   because the API could not be reached.
    public init(
        profile: Profile, photos: ProfilePhotosViewModel?, photosError: String? = nil, offlineNotice: String? = nil, screenURL: String,
        locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.profile = profile
        self.photos = photos
        self.photosError = photosError
        self.offlineNotice = offlineNotice
        self.screenURL = screenURL
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let frame = ScreenFrame(
            context: context, title: profile.user.name, script: "profile.js", titleInHeader: false, section: .app(current: nil))
        let items = photos?.photos ?? []
        let next: HTML = photos?.nextPageURL.map { " data-next-page=\"\($0)\"" } ?? .empty
        return frame.html(
            main: """
                <main class="screen profile-screen">
                \(OfflineNotice(text: offlineNotice, retryURL: screenURL, locale: locale).html)
                \(ProfileHeader(profile: profile, account: context.account, next: screenURL, locale: locale).html)
                <ul class="profile-grid" data-role="photos" aria-label="\(ProfileStrings.photosLabel.localized(in: locale))"\(next)>
                \(ProfileGrid(locale: locale, username: profile.user.username).items(items))</ul>
                \(photosError.map { error -> HTML in "<p class=\"error-message\" role=\"alert\">\(error)</p>\n" })<p class="empty-state"\(hidden(photos == nil || !items.isEmpty))>\(emptyGrid.localized(in: locale))</p>
                <div class="load-more" data-role="more-photos"\(hidden(photos?.nextScreenURL == nil))>
                <a class="load-more-button" href="\(photos?.nextScreenURL ?? screenURL)">\(ProfileStrings.morePhotos.localized(in: locale))</a>
                </div>
                </main>
                """
        ).rendered
    }

    private var emptyGrid: ProfileStrings {
        profile.isBlockedByReader ? .photosHiddenByBlock : .noPhotos
    }
}

/// The top of a profile, which following in place replaces as a whole: the counts change with it.
public struct ProfileHeader {
    let profile: Profile
    let account: SignedInAccount?
    let next: String
    let locale: Locale

    public init(profile: Profile, account: SignedInAccount?, next: String, locale: Locale) {
        self.profile = profile
        self.account = account
        self.next = next
        self.locale = locale
    }

    public var html: HTML {
        let labels = ProfileLabels(locale: locale)
        let user = profile.user
        let followsYou: HTML =
            profile.followsReader == true ? " <span class=\"follows-you\">\(ProfileStrings.followsYou.localized(in: locale))</span>" : .empty
        let bio: HTML = profile.bio.isEmpty ? .empty : "<p class=\"profile-bio\">\(LinkedText.html(profile.bio))</p>\n"
        let locked: HTML =
            profile.isLocked
            ? " <span class=\"locked-account\"><span aria-hidden=\"true\">🔒</span> \(PrivacyStrings.lockedAccount.localized(in: locale))</span>" : .empty
        return """
            <section class="profile-header" data-role="profile-header">
            \(AvatarPicture(user: user, size: "large").html)
            <div class="profile-identity">
            <h1 class="profile-name">\(user.name)</h1>
            <p class="profile-handle">@\(user.username)\(followsYou)\(locked)</p>
            </div>
            \(bio)<ul class="profile-counts">
            \(postsCount(labels))<li data-count="followers"><a href="\(ProfileLinks.people(user.username, .followers))">\(labels.followers(profile.followersCount))</a></li>
            <li data-count="following"><a href="\(ProfileLinks.people(user.username, .following))">\(labels.following(profile.followingCount))</a></li>
            </ul>
            \(action)
            </section>
            """
    }

    /// None for someone the reader blocks: the API counts what the reader may see, and a 0
    /// would say they have posted nothing.
    private func postsCount(_ labels: ProfileLabels) -> HTML {
        profile.isBlockedByReader ? .empty : "<li data-count=\"posts\">\(labels.posts(profile.postsCount))</li>\n"
    }

    private var action: HTML {
        guard let account else { return .empty }
        if account.user.username.lowercased() == profile.user.username.lowercased() {
            let requests: HTML =
                profile.isLocked
                ? " <a class=\"follow-requests-link\" href=\"\(ProfileLinks.followRequests)\">\(PrivacyStrings.followRequestsTitle.localized(in: locale))</a>" : .empty
            return """
                <p class="profile-you"><a class="edit-profile-link" href="\(ProfileSettingsScreen.screenURL)">\(ProfileStrings.editProfile.localized(in: locale))</a> <a class="account-settings-link" href="\(AccountSettingsScreen.screenURL)">\(AccountSettingsStrings.settingsTitle.localized(in: locale))</a>\(requests)</p>
                """
        }
        let follow: HTML =
            profile.isBlockedByReader
            ? "<p class=\"form-notice block-notice\" role=\"status\">\(PrivacyStrings.blockedNotice.localized(in: locale))</p>"
            : FollowForm(
                user: profile.user, isFollowing: profile.isFollowedByReader == true, csrfToken: account.csrfToken, next: next, locale: locale,
                isRequested: profile.isRequestedByReader, isLocked: profile.isLocked
            ).html
        let muted: HTML =
            profile.isMutedByReader && !profile.isBlockedByReader
            ? "\n<p class=\"form-notice mute-notice\" role=\"status\">\(PrivacyStrings.mutedNotice.localized(in: locale))</p>" : .empty
        let report: HTML =
            "<a class=\"report-link\" href=\"\(ReportScreen.url(for: .account(username: profile.user.username)))\">\(ModerationStrings.report.localized(in: locale))</a>"
        let mute = relationForm(profile.isMutedByReader ? .unmute : .mute, account: account)
        let block = relationForm(profile.isBlockedByReader ? .unblock : .block, account: account)
        let lockedNote: HTML =
            profile.isLocked && profile.isFollowedByReader != true && !profile.isBlockedByReader
            ? "\n<p class=\"locked-note\">\(PrivacyStrings.lockedProfileNote.localized(in: locale))</p>" : .empty
        return follow + lockedNote + muted + "\n<div class=\"profile-safety\">\(mute)\(block)\(report)</div>"
    }

    /// Mute, Block or their undoing: a form that works without scripts, back to this profile;
    /// Block asks first, on a screen of its own.
    private func relationForm(_ change: RelationChange, account: SignedInAccount) -> HTML {
        if change == .block {
            let href = ProfileLinks.relation(profile.user.username, .block)
            let label = PrivacyStrings.block.localized(in: locale)
            return "<a class=\"relation-button block-button\" href=\"\(href)\">\(label)<span class=\"visually-hidden\"> \(profile.user.name)</span></a>"
        }
        let label: PrivacyStrings =
            switch change {
            case .block: .block
            case .unblock: .unblock
            case .mute: .mute
            case .unmute: .unmute
            }
        return """
            <form class="relation-form" method="post" action="\(ProfileLinks.relation(profile.user.username, change))" data-fragment-action="\(ProfileLinks.relationFragment(profile.user.username, change))">\(CSRFField.html(account.csrfToken))<button type="submit" class="relation-button \(change.rawValue)-button">\(label.localized(in: locale))<span class="visually-hidden"> \(profile.user.name)</span></button></form>
            """
    }
}

/// The grid's cells, in the screen and in the fragments its script adds.
public struct ProfileGrid {
    let locale: Locale
    /// Whose photos: each opens on a screen whose arrows walk theirs.
    let username: String

    public init(locale: Locale, username: String) {
        self.locale = locale
        self.username = username
    }

    /// A grid cell is a third of the column, 12 rem at most.
    static let cellSizes = "(min-width: 38rem) 12rem, 33vw"

    func items(_ photos: [FeedItemViewModel]) -> HTML {
        let labels = FeedImageLabels(locale: locale)
        let hearts = HeartLabels(locale: locale)
        var html = HTML.empty
        for photo in photos {
            // The heart over the square, beside the link rather than in it (a form in a link is
            // no HTML); a grid without counts (an older API) has none.
            let heart: HTML =
                photo.image.likeCount == nil
                ? .empty
                : HeartForm(imageID: photo.id, likeCount: photo.image.likeCount, isLiked: photo.image.isLiked, labels: hearts, layout: .overPhoto).html
            let alternativeText = labels.alternativeText(for: photo.image)
            let source = photo.renditions?.fallbackURL ?? photo.imageURL
            let srcset: HTML =
                photo.renditions.map { renditions -> HTML in
                    renditions.candidates.isEmpty ? .empty : " srcset=\"\(renditions.srcset)\" sizes=\"\(Self.cellSizes)\""
                } ?? .empty
            // A photo behind a content warning shows blurred past recognition, marked; its own
            // screen, one tap away, shows the warning.
            let warned: HTML = photo.image.contentWarning == nil ? .empty : " photo-warned"
            var mark: HTML =
                photo.image.contentWarning.map { warning -> HTML in
                    "<span class=\"cell-warning\" title=\"\(warning)\"><span aria-hidden=\"true\">⚠︎</span><span class=\"visually-hidden\">\(OwnPostStrings.contentWarning.localized(in: locale)): \(warning)</span></span>"
                } ?? .empty
            if photo.image.isForFollowersOnly {
                let followersOnly = PrivacyStrings.followersOnly.localized(in: locale)
                mark += "<span class=\"cell-audience\" title=\"\(followersOnly)\"><span aria-hidden=\"true\">👥</span><span class=\"visually-hidden\">\(followersOnly)</span></span>"
            }
            html += """
                <li class="profile-cell"\(photo.placeholder?.attributes)><a href="\(ProfileLinks.photo(photo.id, by: username))">\
                <img class="profile-photo\(warned)" src="\(source)"\(srcset) alt="\(alternativeText)" loading="lazy">\(mark)</a>\(heart)</li>

                """
        }
        return html
    }

    /// The next photos for the screen's script: the cells, and where the ones after them are.
    public func fragment(_ page: ProfilePhotosViewModel) -> String {
        let next: HTML = page.nextPageURL.map { " data-next-page=\"\($0)\"" } ?? " data-end"
        let html: HTML = "<ul data-fragment=\"profile-photos\"\(next)>\n\(items(page.photos))</ul>\n"
        return html.rendered
    }
}
