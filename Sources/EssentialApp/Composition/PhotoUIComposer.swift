import EssentialFeed
import EssentialFeedWebUI
import Foundation

package enum PhotoUIComposer {
    package static func photoScreen(
        _ photo: Loaded<FeedImage>, neighbours: PhotoLookup.Neighbours, locale: Locale, language: String, currentDate: Date,
        assets: WebAssetLinks, account: SignedInAccount?, openedFrom owner: User? = nil, isAuthorMuted: Bool = false
    ) -> String {
        // Opened from a profile, the screen leads back there and its arrows walk that person's photos.
        let screenURL: (UUID) -> String = { id in owner.map { ProfileLinks.photo(id, by: $0.username) } ?? AppPaths.photoScreen(id) }
        let image = photo.value
        let calendar = Calendar.gregorianUTC(locale: locale)
        let posted = image.createdAt.map { date in
            PhotoScreen.PostedDate(
                relative: PhotoPresenter.postedLabel(for: date, currentDate: currentDate, calendar: calendar, locale: locale),
                exact: date.formatted(Date.FormatStyle(date: .long, time: .shortened, locale: locale, calendar: calendar, timeZone: calendar.timeZone)),
                iso: ISO8601DateText.string(from: date))
        }
        let screen = PhotoScreen(
            locale: locale, language: language,
            photo: PhotoScreen.Photo(
                item: FeedViewAdapter.item(image),
                fullURL: image.photo?.urls[.full] == nil ? nil : AppPaths.feedImage(image.id, size: .full),
                dimensions: image.photo.map { PhotoPresenter.dimensions(of: $0, in: locale) },
                posted: posted,
                previousURL: neighbours.previous.map(screenURL),
                nextURL: neighbours.next.map(screenURL),
                fullWidth: image.photo.map { $0.width(in: $0.urls[.full] == nil ? .regular : .full) },
                isAuthorMutedByReader: isAuthorMuted),
            offlineNotice: photo.offlineCacheSavedAt.map { savedAt in
                PhotoPresenter.offlineNotice(savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale)
            },
            feedURL: owner.map { ProfileLinks.profile($0.username) } ?? "/", backLabel: owner?.name, assets: assets, account: account)
        return screen.html
    }

    /// The API cannot be reached and the app has not kept the photo.
    static func unavailableScreen(locale: Locale, language: String, assets: WebAssetLinks, account: SignedInAccount?) -> String {
        PhotoScreen(
            locale: locale, language: language, photo: nil,
            unavailableMessage: FeedStrings.photoNotSavedOffline.localized(in: locale), assets: assets, account: account
        ).html
    }
}
