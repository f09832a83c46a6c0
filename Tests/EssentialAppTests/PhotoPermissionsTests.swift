import Foundation
import Synchronization
import Testing

@testable import EssentialApp

/// What the API said of a reader and a photo is kept a short while, never when it could not
/// be asked, and forgotten when the reader's relations or the photo change through the app.
struct PhotoPermissionsTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anAnswer_isKeptForItsTime_thenAskedAgain() async throws {
        let (sut, now, asked) = makeSUT()
        let key = ReaderKey(imageID: UUID(), token: "reader")

        #expect(try await sut.answer(for: key, ask: asked.answering(.shown)) == .shown)
        now.advance(by: 29)
        #expect(try await sut.answer(for: key, ask: asked.answering(.hidden)) == .shown)
        now.advance(by: 1)
        #expect(try await sut.answer(for: key, ask: asked.answering(.hidden)) == .hidden)
        #expect(asked.count == 2)
    }

    @Test func whenTheAPICannotBeAsked_theLastAnswerStands_howeverOld() async throws {
        let (sut, now, asked) = makeSUT()
        let (shown, hidden) = (ReaderKey(imageID: UUID(), token: "reader"), ReaderKey(imageID: UUID(), token: "reader"))
        _ = try await sut.answer(for: shown, ask: asked.answering(.shown))
        _ = try await sut.answer(for: hidden, ask: asked.answering(.hidden))
        now.advance(by: 3_600)

        #expect(try await sut.answer(for: shown, ask: asked.answering(nil)) == .shown)
        #expect(try await sut.answer(for: hidden, ask: asked.answering(nil)) == .hidden)
        #expect(asked.count == 4, "asked again, since the answers were old")
    }

    @Test func aBlock_forgetsEveryAnswer() async throws {
        let (sut, _, asked) = makeSUT()
        let keys = [ReaderKey(imageID: UUID(), token: "one"), ReaderKey(imageID: UUID(), token: "two")]
        for key in keys { _ = try await sut.answer(for: key, ask: asked.answering(.shown)) }

        sut.forgetAll()

        for key in keys { #expect(try await sut.answer(for: key, ask: asked.answering(.hidden)) == .hidden) }
    }

    @Test func noAnswer_isNotKept() async throws {
        let (sut, _, asked) = makeSUT()
        let key = ReaderKey(imageID: UUID(), token: "reader")

        #expect(try await sut.answer(for: key, ask: asked.answering(nil)) == nil)
        #expect(try await sut.answer(for: key, ask: asked.answering(.hidden)) == .hidden)
        #expect(asked.count == 2)
    }

    @Test func eachReader_hasAnAnswerOfTheirOwn_forgottenWhenTheirRelationsOrThePhotoChange() async throws {
        let (sut, _, asked) = makeSUT()
        let photo = UUID()
        let (follower, stranger) = (ReaderKey(imageID: photo, token: "follower"), ReaderKey(imageID: photo, token: "stranger"))
        _ = try await sut.answer(for: follower, ask: asked.answering(.shown))
        #expect(try await sut.answer(for: stranger, ask: asked.answering(.hidden)) == .hidden)

        sut.forget(reader: "stranger")
        #expect(try await sut.answer(for: stranger, ask: asked.answering(.shown)) == .shown)
        #expect(try await sut.answer(for: follower, ask: asked.answering(.hidden)) == .shown, "another reader's answer stays")

        sut.forget(photo: photo)
        #expect(try await sut.answer(for: follower, ask: asked.answering(.hidden)) == .hidden)
        #expect(asked.count == 4)
    }

    @Test func beyondItsCapacity_itForgetsRatherThanGrows() async throws {
        let now = Now(start)
        let sut = PhotoPermissions(validFor: 30, capacity: 2, currentDate: now.date)
        let asked = Questions()
        let keys = (0..<3).map { _ in ReaderKey(imageID: UUID(), token: "reader") }
        for key in keys { _ = try await sut.answer(for: key, ask: asked.answering(.shown)) }

        _ = try await sut.answer(for: keys[0], ask: asked.answering(.shown))

        #expect(asked.count == 4, "the first answer was let go")
    }

    private func makeSUT() -> (PhotoPermissions, Now, Questions) {
        let now = Now(start)
        return (PhotoPermissions(validFor: 30, currentDate: now.date), now, Questions())
    }
}

/// A clock the test moves.
final class Now: Sendable {
    private let value: Mutex<Date>

    init(_ date: Date) {
        value = Mutex(date)
    }

    var date: @Sendable () -> Date {
        { self.value.withLock { $0 } }
    }

    func advance(by seconds: TimeInterval) {
        value.withLock { $0 += seconds }
    }
}

/// Counts the questions put to the API.
private final class Questions: Sendable {
    private let asked = Mutex(0)

    var count: Int { asked.withLock { $0 } }

    func answering(_ answer: PhotoPermissions.Answer?) -> @Sendable () async -> PhotoPermissions.Answer? {
        {
            self.asked.withLock { $0 += 1 }
            return answer
        }
    }
}
