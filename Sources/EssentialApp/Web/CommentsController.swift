import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// A photo's comments: their screen with the photo, the fragment its script reloads, and the
/// "Add a comment" form (a `ProgressiveFormRoute`: the new list to the script, `303` back to
/// the screen without one, the screen again with the error and the text otherwise).
struct CommentsController {
    typealias Context = AppRequestContext

    let comments: ImageCommentsLoader
    let photos: PhotoLookup
    let posting: Posting
    let sessions: WebSessions
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.addPage(
            screen: "/images/:id/comments", fragment: "/fragments/images/:id/comments", assets: assets.links, currentDate: currentDate,
            render: { page in try await commentsPage(page, imageID: try page.context.id()) })
        ProgressiveFormRoute<ImageComment, CommentDraft>(
            screenPath: "/images/:id/comments", fragmentPath: "/fragments/images/:id/comments", assets: assets.links,
            submit: post, screen: answerScreen, fragment: answerScript
        ).addRoutes(to: protected)
    }

    private func commentsPage(_ page: PageRequest, imageID: UUID, draft: CommentDraft = CommentDraft()) async throws -> RenderedFragment {
        let (comments, photos, token) = (comments, photos, page.context.session?.apiToken)
        let load: @Sendable () async throws -> [ImageComment] = { try await comments.loadComments(for: imageID, token: token) }
        switch page.form {
        case .screen:
            return try await ImageCommentsUIComposer.commentsScreen(
                for: imageID, image: await photos.cachedImage(withID: imageID), locale: page.language.locale,
                language: page.language.tag, currentDate: page.now, assets: page.assets, account: page.account, draft: draft,
                loader: load)
        case .fragment:
            let deletion = await commentActions(for: page.account, on: imageID)
            return try await ImageCommentsUIComposer.commentsFragment(
                locale: page.language.locale, currentDate: page.now, deletion: deletion, loader: load)
        }
    }

    @Sendable private func post(_ request: Request, context: Context, language: ReaderLanguage) async throws -> FormOutcome<ImageComment, CommentDraft> {
        let imageID = try context.id()
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused }
        let typed = form["message"] ?? ""
        do {
            let message = try ImageCommentFormPresenter.validated(typed)
            let comment = try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? PostedImageCommentMapper.Error == .authenticationRequired }
            ) {
                try await posting.postComment(message, onImage: imageID, token: session.apiToken)
            }
            return .posted(comment)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if !(error is ImageCommentMessageError) {
                logger.warning("Could not post a comment", metadata: ["image": "\(imageID)", "error": "\(error)"])
            }
            let errorMessage = ImageCommentFormPresenter.errorMessage(for: error, locale: language.locale)
            return .failed(error, CommentDraft(message: typed, errorMessage: errorMessage))
        }
    }

    @Sendable private func answerScreen(
        _ request: Request, context: Context, language: ReaderLanguage, outcome: FormOutcome<ImageComment, CommentDraft>
    ) async throws -> Response {
        let imageID = try context.id()
        guard case let .failed(error, draft) = outcome else { return .redirect(to: AppPaths.commentsScreen(imageID), type: .normal) }
        let page = PageRequest(request: request, context: context, form: .screen, language: language, now: currentDate(), assets: assets.links)
        let screen = try await cancellingWhenClientGoes { try await commentsPage(page, imageID: imageID, draft: draft) }
        return .html(screen.html, status: Self.status(for: error))
    }

    @Sendable private func answerScript(
        _ request: Request, context: Context, language: ReaderLanguage, outcome: FormOutcome<ImageComment, CommentDraft>
    ) async throws -> Response {
        switch outcome {
        case let .posted(comment):
            let imageID = try context.id()
            let (comments, token) = (comments, context.session?.apiToken)
            let deletion = await commentActions(for: context.signedInAccount, on: imageID)
            let fragment = try await ImageCommentsUIComposer.commentsFragment(locale: language.locale, currentDate: currentDate(), deletion: deletion) {
                Self.list(try await comments.loadComments(for: imageID, token: token), startingWith: comment)
            }
            return .html(fragment.html, status: fragment.isError ? .badGateway : .created)
        case let .failed(error, draft):
            return .html(MessageErrorFragment(message: draft.errorMessage ?? "").html, status: Self.status(for: error))
        case .refused:
            throw HTTPError(.forbidden)
        }
    }

    /// The comments the reader is offered to delete: their own, and all on a photo of theirs the app holds.
    private func commentActions(for account: SignedInAccount?, on imageID: UUID) async -> CommentActions? {
        guard let account else { return nil }
        return CommentActions(imageID: imageID, reader: account.user.username, image: await photos.cachedImage(withID: imageID))
    }

    /// The list as the API gives it, with the new comment first even when the list was read
    /// before the comment was written (a load another tab had started).
    static func list(_ comments: [ImageComment], startingWith posted: ImageComment) -> [ImageComment] {
        comments.contains { $0.id == posted.id } ? comments : [posted] + comments
    }

    private static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case is ImageCommentMessageError, PostedImageCommentMapper.Error.invalidMessage: .badRequest
        case PostedImageCommentMapper.Error.authenticationRequired: .unauthorized
        case PostedImageCommentMapper.Error.imageNotFound: .notFound
        case is InsufficientStorageError: .insufficientStorage
        default: .badGateway
        }
    }
}
