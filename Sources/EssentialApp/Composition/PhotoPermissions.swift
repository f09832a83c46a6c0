import Foundation
import Synchronization

/// Whether a reader may see a photo, as the API last answered, kept a short while: the API
/// decides (a photo deleted, hidden with its suspended author, for followers only, or of
/// someone in a block with the reader), and the app serves no image bytes the API would not.
/// Kept for `validFor`, the answers cost a page's images one question each, and a change
/// reaches the app's images within that time.
final class PhotoPermissions: Sendable {
    /// What the API answered; `nil` from `ask` when it could not be asked.
    enum Answer: Sendable {
        case shown
        case hidden
    }

    private let answers: ReaderAnswers<Answer>
    private let questions = SharedLoads<ReaderKey, Answer?>()

    init(validFor: TimeInterval = 30, capacity: Int = 50_000, currentDate: @escaping @Sendable () -> Date) {
        answers = ReaderAnswers(validFor: validFor, capacity: capacity, currentDate: currentDate)
    }

    /// The answer for the reader and photo of `key`: the one kept while it holds, else what
    /// `ask` brings back (asked once for readers asking at once). When it cannot ask, the last
    /// answer given for them, however old; `nil` when there was none.
    func answer(for key: ReaderKey, ask: @escaping @Sendable () async -> Answer?) async throws -> Answer? {
        let kept = answers.kept(key)
        if let kept, kept.holds { return kept.answer }
        guard let answer = try await questions.load(key, ask) else { return kept?.answer }
        answers.keep(answer, for: key)
        return answer
    }

    /// Forgets what was said for the reader of `token`: they followed, unfollowed, blocked or
    /// muted someone through the app, which changes what they may see at once.
    func forget(reader token: String?) {
        answers.forget(reader: token)
    }

    /// Forgets every answer: someone blocked or unblocked someone, which changes what both of
    /// them may see of each other.
    func forgetAll() {
        answers.forgetAll()
    }

    /// Forgets what was said of the photo: its owner changed who may see it.
    func forget(photo imageID: UUID) {
        answers.forget(photo: imageID)
    }
}
