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
