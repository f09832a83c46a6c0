import EssentialFeed
import Foundation
import Testing

@Suite struct PersonalDataPresenterTests {
    private let english = Locale(identifier: "en_US")
    private let utc = TimeZone(identifier: "UTC")!

    @Test func noExport_offersToPrepareOne() {
        let model = PersonalDataPresenter.map(nil, locale: english, timeZone: utc)

        #expect(model.status == nil && model.progress == nil && model.expiry == nil && !model.canDownload)
        #expect(model.startLabel == "Prepare my archive")
    }

    @Test func aRunningExport_saysHowFarItIs_neverAHundredPercentBeforeItIsReady_andCannotStartAgain() {
        let running = PersonalDataPresenter.map(DataExport(state: .running, progress: 0.426), locale: english, timeZone: utc)
        let almost = PersonalDataPresenter.map(DataExport(state: .running, progress: 0.999), locale: english, timeZone: utc)

        #expect(running.status == "Preparing your archive… 42%")
        #expect(running.progress == 0.426 && running.startLabel == nil && running.canDownload == false)
        #expect(almost.status == "Preparing your archive… 99%")
    }

    @Test func aReadyExport_givesItsSizeAndUntilWhenItIsKept_inTheReadersLanguage() {
        let ready = DataExport(state: .ready, progress: 1, size: 12_480_000, expiresAt: Date(timeIntervalSince1970: 1_796_000_000))

        let english = PersonalDataPresenter.map(ready, locale: english, timeZone: utc)
        let portuguese = PersonalDataPresenter.map(ready, locale: Locale(identifier: "pt_BR"), timeZone: utc)

        #expect(english.status == "Your archive is ready: 12.5 MB.")
        #expect(english.expiry == "It is kept until November 30, 2026.")
        #expect(english.canDownload && english.startLabel == "Prepare a new archive")
        #expect(portuguese.status == "Seu arquivo está pronto: 12,5 MB.")
        #expect(PersonalDataPresenter.map(DataExport(state: .ready, progress: 1, size: 840_400), locale: self.english, timeZone: utc).status == "Your archive is ready: 840 KB.")
    }

    @Test func aFailedExport_saysSo_andOffersToTryAgain() {
        let model = PersonalDataPresenter.map(DataExport(state: .failed, progress: 0), locale: english, timeZone: utc)

        #expect(model.status == "Your archive could not be prepared. Try again.")
        #expect(model.startLabel == "Prepare a new archive" && !model.canDownload)
    }
}
