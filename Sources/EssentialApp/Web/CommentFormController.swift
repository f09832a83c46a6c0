import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// The "Add a comment" form. Posted by the browser itself (no script), it answers `303` back
/// to the comments screen, or the screen again with the error and the text still in the box.
/// Posted by `comments.js` to the fragment address, it answers the new list (`201`) or an
/// error fragment, and the script keeps the text.
struct CommentFormController {
    typealias Context = AppRequestContext

    let service: FeedService
    let accounts: AccountService
    let sessions: WebSessions
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.post("/images/:id/comments", use: postFromScreen)
        protected.post("/fragments/images/:id/comments", use: postFromScript)
    }

    private enum Outcome {
        case posted(ImageComment)
        case refused
        case failed(any Error, message: String)
    }

    @Sendable func postFromScreen(_ request: Request, context: Context) async throws -> Response {
        let imageID = try AppController.uuid(from: context.parameters.get("id"), status: .notFound)
        switch try await post(request, context: context, imageID: imageID) {
        case .posted:
            return .redirect(to: AppPaths.commentsScreen(imageID), type: .normal)
        case .refused:
            return .refused(request, assets: assets.links)
        case let .failed(error, message):
            let (locale, language) = AppController.locale(of: request)
            let draft = CommentDraft(message: message, errorMessage: ImageCommentFormPresenter.errorMessage(for: error, locale: locale))
            let service = service
            let now = currentDate()
            let links = assets.links
            let account = context.signedInAccount
            let screen = try await cancellingWhenClientGoes {
                try await ImageCommentsUIComposer.commentsScreen(
                    for: imageID, image: await service.cachedImage(withID: imageID), locale: locale, language: language,
                    currentDate: now, assets: links, account: account, draft: draft
                ) {
                    try await service.loadComments(for: imageID)
                }
            }
            return .html(screen.html, status: Self.status(for: error))
        }
    }

    @Sendable func postFromScript(_ request: Request, context: Context) async throws -> Response {
        let imageID = try AppController.uuid(from: context.parameters.get("id"), status: .notFound)
        let (locale, _) = AppController.locale(of: request)
        switch try await post(request, context: context, imageID: imageID) {
        case let .posted(comment):
            let service = service
            let now = currentDate()
            let fragment = try await ImageCommentsUIComposer.commentsFragment(locale: locale, currentDate: now) {
                Self.list(try await service.loadComments(for: imageID), startingWith: comment)
            }
            return .html(fragment.html, status: fragment.isError ? .badGateway : .created)
        case .refused:
            let message = AccountsStrings.requestRefusedMessage.localized(in: locale)
            return .html(Self.errorFragment(message), status: .forbidden)
        case let .failed(error, _):
            return .html(Self.errorFragment(ImageCommentFormPresenter.errorMessage(for: error, locale: locale)), status: Self.status(for: error))
        }
    }

    private func post(_ request: Request, context: Context, imageID: UUID) async throws -> Outcome {
        guard let session = context.session else { throw HTTPError(.unauthorized) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused }
        let typed = form["message"] ?? ""
        do {
            let message = try ImageCommentFormPresenter.validated(typed)
            let comment = try await accounts.postComment(message, onImage: imageID, token: session.apiToken)
            return .posted(comment)
        } catch PostedImageCommentMapper.Error.authenticationRequired {
            // The API no longer knows the token (revoked, or the password changed): the app's
            // session ends too, and the next screen asks to log in again.
            try await sessions.end(session)
            return .failed(PostedImageCommentMapper.Error.authenticationRequired, message: typed)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if !(error is ImageCommentMessageError) {
                logger.warning("Could not post a comment", metadata: ["image": "\(imageID)", "error": "\(error)"])
            }
            return .failed(error, message: typed)
        }
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

    private static func errorFragment(_ message: String) -> String {
        MessageErrorFragment(message: message).html
    }
}

