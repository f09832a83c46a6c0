import Foundation

public enum FeedImagePresenter {
    public static func map(_ image: FeedImage) -> FeedImageViewModel {
        FeedImageViewModel(
            description: image.description, location: image.location,
            alternativeText: image.alternativeText, commentCount: image.commentCount, author: image.author
        )
    }

    /// Describes the photo for those who cannot see it: what the poster wrote for that, or,
    /// as the description is shown next to the image already, where it was taken.
    public static func alternativeText(for viewModel: FeedImageViewModel, in locale: Locale) -> String {
        if let written = viewModel.alternativeText, !written.isEmpty { return written }
        guard let location = viewModel.location else {
            return FeedStrings.imageAlternativeText.localized(in: locale)
        }
        return FeedStrings.imageAlternativeTextWithLocation.localized(in: locale, with: location)
    }

    /// The name of the way to an image's comments: how many there are, when the API says.
    public static func commentsLabel(for viewModel: FeedImageViewModel, in locale: Locale) -> String {
        guard let count = viewModel.commentCount else { return FeedStrings.comments.localized(in: locale) }
        let key: FeedStrings = count == 1 ? .commentCountOne : .commentCount
        return key.localized(in: locale, with: String(count))
    }
}
