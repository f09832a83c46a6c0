import Foundation

public enum FeedImagePresenter {
    public static func map(_ image: FeedImage) -> FeedImageViewModel {
        FeedImageViewModel(
            description: image.description, location: image.location,
            alternativeText: image.alternativeText, commentCount: image.commentCount, author: image.author, likeCount: image.likeCount,
            isLiked: image.isLiked, contentWarning: image.contentWarning, isEdited: image.editedAt != nil,
            isForFollowersOnly: image.visibility == .followers
        )
    }

    /// Describes the photo for those who cannot see it. A page of photos asks
    /// `FeedImageLabels`, which looks its words up once.
    public static func alternativeText(for viewModel: FeedImageViewModel, in locale: Locale) -> String {
        FeedImageLabels(locale: locale).alternativeText(for: viewModel)
    }

    /// The name of the way to an image's comments. A page of photos asks `FeedImageLabels`,
    /// which looks its words up once.
    public static func commentsLabel(for viewModel: FeedImageViewModel, in locale: Locale) -> String {
        FeedImageLabels(locale: locale).commentsLabel(for: viewModel)
    }
}
