import Foundation
import Synchronization

/// What the API last answered about one reader and one photo, kept `validFor` and at most
/// `capacity` answers: the expired ones go first, then all, so memory stays bounded whatever
/// readers ask.
final class ReaderAnswers<Answer: Sendable>: Sendable {
    private let validFor: TimeInterval
    private let capacity: Int
    private let currentDate: @Sendable () -> Date
    private let answers = Mutex<[ReaderKey: (answer: Answer, until: Date)]>([:])

    init(validFor: TimeInterval, capacity: Int, currentDate: @escaping @Sendable () -> Date) {
        self.validFor = validFor
        self.capacity = capacity
        self.currentDate = currentDate
    }

    /// The answer kept for the key, and whether it still holds.
    func kept(_ key: ReaderKey) -> (answer: Answer, holds: Bool)? {
        let now = currentDate()
        return answers.withLock { $0[key] }.map { ($0.answer, $0.until > now) }
    }

    func keep(_ answer: Answer, for key: ReaderKey) {
        let now = currentDate()
        answers.withLock { answers in
            if answers.count >= capacity {
                answers = answers.filter { $0.value.until > now }
                if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            }
            answers[key] = (answer, now.addingTimeInterval(validFor))
        }
    }

    func forget(reader token: String?) {
        answers.withLock { answers in answers = answers.filter { $0.key.token != token } }
    }

    func forget(photo imageID: UUID) {
        answers.withLock { answers in answers = answers.filter { $0.key.imageID != imageID } }
    }

    func forgetAll() {
        answers.withLock { $0.removeAll() }
    }
}
