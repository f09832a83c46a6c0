import EssentialFeed
import Foundation
import Hummingbird
import Logging

extension ImageCommentsLoader {
    /// The comment a screen is about (a report, a deletion), as the API gives it to the reader;
    /// `nil` when it cannot say, and the screen shows without it (the API decides all the same).
    /// - Throws: `HTTPError(.notFound)` when the photo or the comment is gone.
    func commentOfScreen(_ commentID: UUID, on imageID: UUID, token: String?, logger: Logger) async throws -> ImageComment? {
        let loaded: [ImageComment]
        do {
            loaded = try await loadComments(for: imageID, token: token)
        } catch is ResourceNotFoundError {
            throw HTTPError(.notFound)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("Could not read the comment a screen is about", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return nil
        }
        guard let comment = loaded.first(where: { $0.id == commentID }) else { throw HTTPError(.notFound) }
        return comment
    }
}

extension ImageComment {
    /// Who wrote it, as a screen quoting it names them.
    var author: User {
        User(username: username, name: authorName ?? username, avatar: authorAvatar)
    }
}
