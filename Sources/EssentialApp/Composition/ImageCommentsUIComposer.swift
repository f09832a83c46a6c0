import EssentialFeed
import EssentialFeedWebUI
import Foundation

enum ImageCommentsUIComposer {
    static func commentsScreen(for imageID: UUID, locale: Locale, language: String) -> String {
        ImageCommentsScreen(locale: locale, language: language, commentsURL: AppPaths.commentsFragment(imageID)).html
    }

    static func commentsFragment(
        locale: Locale,
        currentDate: Date,
        loader: () async throws -> [ImageComment]
    ) async throws -> RenderedFragment {
        let view = ImageCommentsFragmentView()
        let presenter = LoadResourcePresenter<[ImageComment], ImageCommentsFragmentView>(
            resourceView: view,
            loadingView: view,
            errorView: view,
            mapper: { ImageCommentsViewAdapter.comments(from: $0, currentDate: currentDate, locale: locale) },
            locale: locale
        )
        try await LoadResourcePresentationAdapter.load(loader, presenter: presenter)
        return RenderedFragment(html: view.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }
}

enum ImageCommentsViewAdapter {
    static func comments(from comments: [ImageComment], currentDate: Date, locale: Locale) -> [DatedImageCommentViewModel] {
        let viewModels = ImageCommentsPresenter.map(comments, currentDate: currentDate, calendar: .gregorianUTC(locale: locale), locale: locale).comments
        return zip(comments, viewModels).map { comment, viewModel in
            DatedImageCommentViewModel(comment: viewModel, isoDate: comment.createdAt.formatted(.iso8601))
        }
    }
}
