import Synchronization
import Testing

@testable import EssentialApp

struct EventRelayAdmissionTests {
    @Test func streamsAreBoundedPerPersonAndInAll_andAReleasedPlaceIsFreeOnce() throws {
        let admission = EventRelayAdmission(perPerson: 2, total: 3)
        let first = try #require(admission.admit("rita"))
        _ = try #require(admission.admit("rita"))
        #expect(admission.admit("rita") == nil, "a third tab of one person")
        _ = try #require(admission.admit("sam"))
        #expect(admission.admit("ana") == nil, "the instance's bound")

        first.release()
        first.release()
        #expect(admission.openCount == 2, "released once, however often it is said")
        #expect(admission.admit("ana") != nil)
    }
}

@Suite struct EventStreamResponseTests {
    @Test func aStreamWhoseBodyNeverRuns_letsGoOfItsPlaceWhenItsResponseIsDropped() throws {
        let admission = EventRelayAdmission(perPerson: 1, total: 1)
        let ended = Mutex(0)
        do {
            let ticket = try #require(admission.admit("rita"))
            let response = EventsRelayController.stream(releasing: ticket, andThen: { ended.withLock { $0 += 1 } }) { _ in }
            #expect(response.status == .ok)
            #expect(admission.openCount == 1, "held while the response may still be written")
        }

        #expect(admission.openCount == 0, "a browser gone before the head was written keeps no place")
        #expect(ended.withLock { $0 } == 1)
        #expect(admission.admit("rita") != nil)
    }
}
