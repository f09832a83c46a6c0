import Foundation

/// What a page says of each of its photos, with the page's words looked up once for its
/// language: every photo of a page repeats them.
public struct FeedImageLabels: Sendable {
    private let comments: String
    private let commentCountOne: LocalizedTemplate
    private let commentCount: LocalizedTemplate
    private let genericAlternativeText: String
    private let alternativeTextWithLocation: LocalizedTemplate

    public init(locale: Locale) {
        comments = FeedStrings.comments.localized(in: locale)
        commentCountOne = FeedStrings.commentCountOne.template(in: locale)
        commentCount = FeedStrings.commentCount.template(in: locale)
        genericAlternativeText = FeedStrings.imageAlternativeText.localized(in: locale)
        alternativeTextWithLocation = FeedStrings.imageAlternativeTextWithLocation.template(in: locale)
    }

    /// The name of the way to an image's comments: how many there are, when the API says.
    public func commentsLabel(for viewModel: FeedImageViewModel) -> String {
        guard let count = viewModel.commentCount else { return comments }
        return (count == 1 ? commentCountOne : commentCount).filled(with: String(count))
    }

    /// Describes the photo for those who cannot see it: what the poster wrote for that, or,
    /// as the description is shown next to the image already, where it was taken.
    public func alternativeText(for viewModel: FeedImageViewModel) -> String {
        if let written = viewModel.alternativeText, !written.isEmpty { return written }
        guard let location = viewModel.location else { return genericAlternativeText }
        return alternativeTextWithLocation.filled(with: location)
    }
}
