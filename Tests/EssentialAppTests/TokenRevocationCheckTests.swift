import EssentialFeed
import Foundation
import Synchronization
import Testing

@testable import EssentialApp

@Suite struct TokenRevocationCheckTests {
    private let session = ActiveSession(
        secrets: SessionSecrets.random(), user: User(username: "maria.silva", name: "Maria Silva"), apiToken: "a-token")

    @Test func asksOncePerInterval_andARefusedTokenIsRevokedThenAskedAgain() async {
        let clock = Mutex(fixedNow)
        let asked = Mutex(0)
        let honoured = Mutex(true)
        let check = TokenRevocationCheck(interval: 5, currentDate: { clock.withLock { $0 } }) { _ in
            asked.withLock { $0 += 1 }
            return honoured.withLock { $0 }
        }

        #expect(await check.isRevoked(session) == false)
        #expect(await check.isRevoked(session) == false)
        #expect(asked.withLock { $0 } == 1, "within the interval, asked once")

        honoured.withLock { $0 = false }
        clock.withLock { $0 += 4 }
        #expect(await check.isRevoked(session) == false, "still within the interval")
        clock.withLock { $0 += 2 }
        #expect(await check.isRevoked(session) == true)
        #expect(await check.isRevoked(session) == true, "a revoked session is not remembered as confirmed")
        #expect(asked.withLock { $0 } == 3)
    }

    @Test func aSessionJustStarted_isNotAsked_andAClockGoingBackAsksAgain() async {
        let clock = Mutex(fixedNow)
        let asked = Mutex(0)
        let check = TokenRevocationCheck(interval: 5, currentDate: { clock.withLock { $0 } }) { _ in
            asked.withLock { $0 += 1 }
            return true
        }

        check.confirmed(session.secrets.storageKey)
        #expect(await check.isRevoked(session) == false)
        #expect(asked.withLock { $0 } == 0)
        clock.withLock { $0 -= 60 }
        #expect(await check.isRevoked(session) == false)
        #expect(asked.withLock { $0 } == 1)
    }

    @Test func anAPIThatNeverAnswers_revokesNothing_onceTheAnswerTimeoutHasPassed() async {
        let check = TokenRevocationCheck(interval: 5, answerTimeout: .milliseconds(50), currentDate: { fixedNow }) { _ in
            // An answer that would come an hour later, were the question not cancelled.
            try? await Task.sleep(for: .seconds(3_600))
            return false
        }

        #expect(await check.isRevoked(session) == false)
    }
}
