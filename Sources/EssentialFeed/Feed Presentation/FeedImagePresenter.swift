import Foundation

public enum FeedImagePresenter {
    public static func map(_ image: FeedImage) -> FeedImageViewModel {
        FeedImageViewModel(description: image.description, location: image.location)
    }

    /// Describes the photo for those who cannot see it. The description is
    /// shown as text next to the image already, so this names where it was taken.
    public static func alternativeText(for viewModel: FeedImageViewModel, in locale: Locale) -> String {
        guard let location = viewModel.location else {
            return FeedStrings.imageAlternativeText.localized(in: locale)
        }
        return FeedStrings.imageAlternativeTextWithLocation.localized(in: locale, with: location)
    }
}
