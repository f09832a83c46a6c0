import EssentialFeed
import EssentialFeedWebUI
import Foundation

package enum ImageCommentsUIComposer {
    /// A photo as a screen about it shows it, small, leading to its own screen.
    static func subject(_ image: FeedImage) -> ImageCommentsScreen.Subject {
        ImageCommentsScreen.Subject(
            image: FeedImagePresenter.map(image), imageURL: AppPaths.feedImage(image.id), photoURL: AppPaths.photoScreen(image.id),
            renditions: image.photo.map { FeedViewAdapter.renditions(of: $0, imageID: image.id, sizes: FeedViewAdapter.feedSizes) },
            placeholder: ImagePlaceholder(image.photo))
    }

    /// The comments screen with the image they are about (when the feed showed it) and the
    /// comments, or the error that loading them gave.
    package static func commentsScreen(
        for imageID: UUID,
        image: FeedImage?,
        locale: Locale,
        language: String,
        currentDate: Date,
        assets: WebAssetLinks,
        account: SignedInAccount? = nil,
        draft: CommentDraft = CommentDraft(),
        loader: () async throws -> [ImageComment]
    ) async throws -> RenderedFragment {
        let view = try await load(locale: locale, currentDate: currentDate, loader: loader)
        let screen = ImageCommentsScreen(
            locale: locale,
            language: language,
            commentsURL: AppPaths.commentsFragment(imageID),
            screenURL: AppPaths.commentsScreen(imageID),
            subject: (view.isShowingNotFound ? nil : image).map(subject),
            comments: view.loadedComments,
            error: view.loadError,
            assets: assets,
            account: account,
            draft: draft,
            deletion: account.map { CommentActions(imageID: imageID, reader: $0.user.username, image: image) },
            acceptsComments: !view.isShowingNotFound
        )
        return RenderedFragment(html: screen.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    static func commentsFragment(
        locale: Locale,
        currentDate: Date,
        deletion: CommentActions? = nil,
        loader: () async throws -> [ImageComment]
    ) async throws -> RenderedFragment {
        let view = try await load(locale: locale, currentDate: currentDate, loader: loader)
        view.deletion = deletion
        return RenderedFragment(html: view.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    private static func load(locale: Locale, currentDate: Date, loader: () async throws -> [ImageComment]) async throws -> ImageCommentsFragmentView {
        let view = ImageCommentsFragmentView()
        view.locale = locale
        let presenter = LoadResourcePresenter<[ImageComment], ImageCommentsFragmentView>(
            resourceView: view,
            loadingView: view,
            errorView: view,
            mapper: { ImageCommentsViewAdapter.comments(from: $0, currentDate: currentDate, locale: locale) },
            locale: locale
        )
        try await LoadResourcePresentationAdapter.load(loader, presenter: presenter)
        return view
    }
}

enum ImageCommentsViewAdapter {
    static func comments(from comments: [ImageComment], currentDate: Date, locale: Locale) -> [DatedImageCommentViewModel] {
        let viewModels = ImageCommentsPresenter.map(comments, currentDate: currentDate, calendar: .gregorianUTC(locale: locale), locale: locale).comments
        return zip(comments, viewModels).map { comment, viewModel in
            DatedImageCommentViewModel(comment: viewModel, isoDate: ISO8601DateText.string(from: comment.createdAt), id: comment.id)
        }
    }
}

extension CommentActions {
    /// The reader's way to delete comments on `image` (when the app holds it, it knows whether
    /// the photo is the reader's).
    init(imageID: UUID, reader: String, image: FeedImage?) {
        let owner = image?.author?.username.lowercased()
        self.init(imageID: imageID, reader: reader, readerOwnsPhoto: owner == reader.lowercased())
    }

}
