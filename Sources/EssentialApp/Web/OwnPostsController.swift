import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird
import Logging

/// One's own photos and comments: `/images/{id}/edit` (the texts), `/images/{id}/delete` and
/// `/images/{id}/comments/{comment-id}/delete` (each a "Delete this?" screen first). Every
/// form carries the session's CSRF token; done, the browser goes to the photo, the person's
/// profile or the comments. The API decides who may: the screens only offer the way.
struct OwnPostsController {
    typealias Context = AppRequestContext

    let posts: OwnPosts
    let photos: PhotoLookup
    /// The comments of a photo, to quote the one about to be deleted.
    let comments: ImageCommentsLoader
    let sessions: WebSessions
    let assets: WebAssets
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get("/images/:id/edit", use: editScreen)
        protected.post("/images/:id/edit", use: edit)
        protected.get("/images/:id/delete") { request, context in
            try await confirmation(.photo(try context.id()), request: request, context: context)
        }
        protected.post("/images/:id/delete", use: delete)
        protected.get("/images/:id/comments/:comment/delete") { request, context in
            try await confirmation(.comment(try context.id("comment"), onPhoto: try context.id()), request: request, context: context)
        }
        protected.post("/images/:id/comments/:comment/delete", use: deleteComment)
    }

    @Sendable private func editScreen(_ request: Request, context: Context) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let imageID = try context.id()
        let language = request.readerLanguage
        let (photos, token) = (photos, context.session?.apiToken)
        return try await cancellingWhenClientGoes {
            let photo: FeedImage
            do {
                photo = try await photos.loadPhoto(withID: imageID, token: token).value
            } catch is ResourceNotFoundError {
                throw HTTPError(.notFound)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                var draft = EditPostDraft()
                draft.errorMessage = OwnPostStrings.failed.localized(in: language.locale)
                return editPage(imageID, draft: draft, account: account, language: language, status: .badGateway)
            }
            // Someone else's photo has no edit screen for the reader (the API refuses the change).
            guard photo.author?.username.lowercased() == account.user.username.lowercased() else { throw HTTPError(.notFound) }
            return editPage(imageID, draft: EditPostDraft(photo), account: account, language: language, status: .ok)
        }
    }

    @Sendable private func edit(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let imageID = try context.id()
        let language = request.readerLanguage
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        var draft = EditPostDraft(
            description: form["description"] ?? "", location: form["location"] ?? "", alternativeText: form["alt"] ?? "",
            contentWarning: form["content_warning"] ?? "")
        let visibility = form["visibility"].flatMap(FeedImageVisibility.init(rawValue:))
        draft.visibility = visibility ?? .public
        var texts = PostTexts(
            description: draft.description.trimmingCharacters(in: .whitespacesAndNewlines),
            location: draft.location.trimmingCharacters(in: .whitespacesAndNewlines),
            alternativeText: draft.alternativeText.trimmingCharacters(in: .whitespacesAndNewlines),
            contentWarning: draft.contentWarning.trimmingCharacters(in: .whitespacesAndNewlines))
        texts.visibility = visibility
        guard Self.isWithinBounds(texts) else {
            draft.errorMessage = Self.tooLongMessage(in: language.locale)
            return editPage(imageID, draft: draft, account: account, language: language, status: .badRequest)
        }
        do {
            _ = try await changing(session) { token in try await posts.edit(imageID, texts: texts, token: token) }
            return .redirect(to: AppPaths.photoScreen(imageID), type: .normal)
        } catch let refusal as Refusal {
            if refusal == .authenticationRequired { return .redirect(to: AppPaths.logIn(next: OwnPostLinks.edit(imageID)), type: .normal) }
            draft.errorMessage = refusal.message(in: language.locale)
            return editPage(imageID, draft: draft, account: account, language: language, status: refusal.status)
        }
    }

    @Sendable private func delete(_ request: Request, context: Context) async throws -> Response {
        try await deleting(.photo(try context.id()), request: request, context: context)
    }

    @Sendable private func deleteComment(_ request: Request, context: Context) async throws -> Response {
        try await deleting(.comment(try context.id("comment"), onPhoto: try context.id()), request: request, context: context)
    }

    private func deleting(_ subject: ConfirmDeletionScreen.Subject, request: Request, context: Context) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        let (done, screen): (String, String) =
            switch subject {
            case let .photo(id): (ProfileLinks.profile(account.user.username), OwnPostLinks.delete(id))
            case let .comment(commentID, id): (AppPaths.commentsScreen(id), OwnPostLinks.deleteComment(commentID, on: id))
            }
        let posts = posts
        do {
            try await changing(session) { token in
                switch subject {
                case let .photo(id): try await posts.delete(id, token: token)
                case let .comment(commentID, id): try await posts.deleteComment(commentID, onImage: id, token: token)
                }
            }
            return .redirect(to: done, type: .normal)
        } catch let refusal as Refusal {
            if refusal == .authenticationRequired { return .redirect(to: AppPaths.logIn(next: screen), type: .normal) }
            let page = ConfirmDeletionScreen(
                subject, locale: language.locale, language: language.tag, account: account, errorMessage: refusal.message(in: language.locale),
                assets: assets.links)
            return .html(page.html, status: refusal.status)
        }
    }

    /// Asked only of what is still there and the reader's to delete (a photo theirs, a comment
    /// theirs or on their photo): what is gone (deleted in another tab, or Back to this screen
    /// after the deletion) or someone else's is not found. The screen is never kept for Back.
    /// When the API cannot say, the screen asks all the same: the API decides.
    private func confirmation(_ subject: ConfirmDeletionScreen.Subject, request: Request, context: Context) async throws -> Response {
        guard let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        let token = context.session?.apiToken
        let reader = account.user.username.lowercased()
        var comment: ImageComment?
        let photo: FeedImage?
        switch subject {
        case let .comment(commentID, imageID):
            comment = try await comments.commentOfScreen(commentID, on: imageID, token: token, logger: logger)
            photo = try await photos.subjectOfScreen(imageID, token: token, logger: logger)
            if let comment, let owner = photo?.author?.username.lowercased(), comment.username.lowercased() != reader, owner != reader {
                throw HTTPError(.notFound)
            }
        case let .photo(imageID):
            photo = try await photos.subjectOfScreen(imageID, token: token, logger: logger)
            if let owner = photo?.author?.username.lowercased(), owner != reader { throw HTTPError(.notFound) }
        }
        let screen = ConfirmDeletionScreen(
            subject, locale: language.locale, language: language.tag, account: account, quote: comment?.message, quoteAuthor: comment?.author,
            photo: photo.map(ImageCommentsUIComposer.subject), assets: assets.links)
        var response = Response.html(screen.html)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func editPage(_ imageID: UUID, draft: EditPostDraft, account: SignedInAccount, language: ReaderLanguage, status: HTTPResponse.Status)
        -> Response
    {
        let screen = EditPostScreen(imageID: imageID, draft: draft, locale: language.locale, language: language.tag, account: account, assets: assets.links)
        return .html(screen.html, status: status)
    }

    /// Runs a change as the session's person, its failure told as a `Refusal`; a token the API
    /// no longer takes ends the session.
    private func changing<Value>(_ session: ActiveSession, _ change: (String) async throws -> Value) async throws -> Value {
        do {
            return try await sessions.endingOnAuthenticationRequired(
                session, isAuthenticationRequired: { $0 as? OwnPostMapper.Error == .authenticationRequired }
            ) { try await change(session.apiToken) }
        } catch is CancellationError {
            throw CancellationError()
        } catch OwnPostMapper.Error.authenticationRequired {
            throw Refusal.authenticationRequired
        } catch OwnPostMapper.Error.notAllowed {
            throw Refusal.notAllowed
        } catch OwnPostMapper.Error.invalidTexts {
            throw Refusal.invalidTexts
        } catch is ResourceNotFoundError {
            throw Refusal.notFound
        } catch {
            logger.warning("Could not change a post", metadata: ["error": "\(error)"])
            throw Refusal.unavailable
        }
    }

    private static func isWithinBounds(_ texts: PostTexts) -> Bool {
        [texts.description, texts.location, texts.alternativeText].allSatisfy { $0.count <= NewPostPresenter.maximumTextLength }
            && texts.contentWarning.count <= EditPostScreen.maximumContentWarningLength
    }

    private static func tooLongMessage(in locale: Locale) -> String {
        String(format: OwnPostStrings.textTooLong.localized(in: locale), String(NewPostPresenter.maximumTextLength))
    }

    /// Why a change was not made, as the person is told.
    enum Refusal: Error, Equatable {
        case authenticationRequired
        case notAllowed
        case notFound
        case invalidTexts
        /// The API did not answer, or not as it should.
        case unavailable

        func message(in locale: Locale) -> String {
            switch self {
            case .authenticationRequired: AccountsStrings.requestRefusedMessage.localized(in: locale)
            case .notAllowed: OwnPostStrings.notAllowed.localized(in: locale)
            case .notFound: SharedStrings.pageNotFoundMessage.localized(in: locale)
            case .invalidTexts: OwnPostsController.tooLongMessage(in: locale)
            case .unavailable: OwnPostStrings.failed.localized(in: locale)
            }
        }

        var status: HTTPResponse.Status {
            switch self {
            case .authenticationRequired: .unauthorized
            case .notAllowed: .forbidden
            case .notFound: .notFound
            case .invalidTexts: .badRequest
            case .unavailable: .badGateway
            }
        }
    }
}
