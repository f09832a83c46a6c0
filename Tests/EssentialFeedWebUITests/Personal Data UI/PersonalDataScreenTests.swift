import EssentialFeed
import Foundation
import Testing

@testable import EssentialFeedWebUI

@Suite("One's data: an export followed without scripts, and leaving asked twice")
struct PersonalDataScreenTests {
    private let english = Locale(identifier: "en")
    private let utc = TimeZone(identifier: "UTC")!

    @Test func aRunningExport_showsHowFarItIs_andTheScreenLoadsItselfAgain_untilItIsReady() {
        let running = screen(.overview(PersonalDataPresenter.map(DataExport(state: .running, progress: 0.5), locale: english, timeZone: utc)))
        let ready = screen(.overview(PersonalDataPresenter.map(DataExport(state: .ready, progress: 1, size: 2_000_000), locale: english, timeZone: utc)))

        #expect(running.contains(#"<meta http-equiv="refresh" content="3">"#))
        #expect(running.contains(#"<progress class="export-progress" max="100" value="50"></progress>"#))
        #expect(!running.contains(#"action="/settings/data/export""#), "no second export while one runs")
        #expect(!ready.contains("http-equiv=\"refresh\""))
        #expect(ready.contains(#"href="/settings/data/archive" download>Download the archive</a>"#))
        #expect(ready.contains(#"<button type="submit" class="secondary-button">Prepare a new archive</button>"#))
        #expect(ready.contains(#"<input type="hidden" name="csrf_token" value="token">"#))
    }

    @Test func leaving_saysWhatGoes_offersTheExportFirst_andAsksForPasswordAndConfirmation() {
        let html = screen(.leaving(error: "The password is not right."))

        #expect(html.contains("<title>Delete your account</title>"))
        #expect(html.contains(#"<a class="export-first-link" href="/settings/data">Download your data first</a>"#))
        #expect(html.contains(#"name="password" type="password" autocomplete="current-password" required maxlength="200" aria-invalid="true""#))
        #expect(html.contains(#"<input type="checkbox" name="confirm" value="on" required>"#))
        #expect(html.contains(#"<p class="form-error" id="leave-error" role="alert">The password is not right.</p>"#))
        #expect(html.contains(#"<button type="submit" class="danger-button">Delete my account for good</button>"#))
    }

    @Test func leaving_keepsTheBoxTicked_whenOnlyThePasswordWasWrong() {
        let html = screen(.leaving(error: "The password is not right.", confirmed: true))

        #expect(html.contains(#"<input type="checkbox" name="confirm" value="on" required checked>"#))
    }

    private func screen(_ mode: PersonalDataScreen.Mode) -> String {
        PersonalDataScreen(
            mode: mode, locale: english, language: "en", account: SignedInAccount(user: User(username: "rita", name: "Rita"), csrfToken: "token")
        ).html
    }
}
