import EssentialFeed
import Foundation
import Hummingbird
import Logging

extension PhotoLookup {
    /// The photo a screen is about (a report, a deletion), as the API gives it to the reader;
    /// `nil` when it cannot say, and the screen shows without it (the API decides all the same).
    /// - Throws: `HTTPError(.notFound)` when the photo is gone or not the reader's to see.
    func subjectOfScreen(_ imageID: UUID, token: String?, logger: Logger) async throws -> FeedImage? {
        do {
            return try await loadPhoto(withID: imageID, token: token).value
        } catch is ResourceNotFoundError {
            throw HTTPError(.notFound)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("Could not read the photo a screen is about", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return nil
        }
    }
}
