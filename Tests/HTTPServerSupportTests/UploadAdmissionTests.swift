import HTTPServerSupport
import Testing

@Suite struct UploadAdmissionTests {
    @Test func aPersonGetsUpToTheirLimit_andEveryoneUpToTheTotal() throws {
        let admission = UploadAdmission(total: 3, perPerson: 2)

        let first = try admission.admit("ana").get()
        _ = try admission.admit("ana").get()
        #expect(admission.admit("ana").failure == .personAtLimit)
        _ = try admission.admit("ben").get()
        #expect(admission.admit("cy").failure == .full)

        first.release()
        first.release()
        #expect(admission.inUse == 2, "a ticket is given back once")
        #expect((try? admission.admit("cy").get()) != nil)
    }

    @Test func placesKeptFreeForOthers_areNotTakenBySomeoneWithAnUploadInProgress() throws {
        let admission = UploadAdmission(total: 4, perPerson: 2, keptFreeForOthers: 1)

        _ = try admission.admit("mallory").get()
        _ = try admission.admit("trudy").get()
        _ = try admission.admit("mallory").get()
        #expect(admission.admit("trudy").failure == .personAtLimit, "the last place is kept for someone else")
        #expect((try? admission.admit("ana").get()) != nil, "someone with no upload takes it")
        #expect(admission.admit("ben").failure == .full)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
