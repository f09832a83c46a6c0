import EssentialFeed
import Foundation
import Testing

@testable import EssentialFeedWebUI

@Suite("The account screen: sessions named as people know them, a QR code drawn crisp")
struct AccountSettingsScreenTests {
    @Test(arguments: [
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", "Chrome · Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0", "Edge · Windows"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1", "Safari · iOS"),
        ("Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36", "Chrome · Android"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox · macOS"),
        ("curl/8.5.0", "curl"),
        ("SomeBot 1.0", "SomeBot 1.0")
    ])
    func aSessionsClient_isNamedByItsBrowserAndSystem(userAgent: String, summary: String) {
        #expect(ClientDescription.summary(of: userAgent) == summary)
    }

    @Test func aClientThatSaidNothing_isAnUnknownDevice_andEachLogOutButtonSaysWhichSession() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let html = screen(sessions: [
            AccountSession(id: "a", client: "", createdAt: now, lastUsedAt: now, isCurrent: false),
            AccountSession(id: "b", client: "curl/8.5.0", createdAt: now, lastUsedAt: now, isCurrent: true)
        ])
        #expect(html.contains(">Unknown device</span>"))
        #expect(html.contains("<span class=\"visually-hidden\">: Unknown device, Last used"))
        #expect(html.contains("/settings/account/sessions/a/end"))
        #expect(!html.contains("/settings/account/sessions/b/end"), "no log-out button for this device: Log Out is in the header")
    }

    @Test func theQRCode_drawsOneSquarePerDarkModule_insideAQuietZone() {
        let svg = QRCodeSVG(modules: [true, false, false, true], size: 2, label: "otpauth://totp/x").html.rendered
        #expect(svg.contains("viewBox=\"0 0 10 10\""))
        #expect(svg.contains("d=\"M4 4h1v1h-1zM5 5h1v1h-1z\""))
        #expect(QRCodeSVG(modules: [true], size: 2, label: "").html.isEmpty, "modules that do not fill the square draw nothing")
    }

    @Test func privacy_showsTheAccountAsItIs_andTheWayToThoseWaiting_onlyWhenThereIsOne() {
        var locked = AccountStatus(hasTwoFactors: false, canInvite: false)
        locked.isLocked = true
        locked.defaultVisibility = .followers
        locked.followRequestCount = 3
        let lockedHTML = screen(sessions: [], status: locked)
        #expect(lockedHTML.contains(#"<input type="checkbox" name="locked" value="on" checked"#))
        #expect(lockedHTML.contains(#"<option value="followers" selected>Only my followers</option>"#))
        #expect(lockedHTML.contains(#"<a class="follow-requests-link" href="/follow-requests">Follow requests</a> <span class="count-badge" data-count="follow-requests">3</span>"#))

        let open = screen(sessions: [])
        #expect(open.contains(#"<input type="checkbox" name="locked" value="on" aria-describedby="locked-hint">"#))
        #expect(open.contains(#"<option value="public" selected>Everyone</option>"#))
        #expect(!open.contains("follow-requests-link"), "nobody can wait at an open door")
        #expect(!open.contains(#"<option value="" selected>"#), "the settings choose the default itself")
    }

    private func screen(sessions: [AccountSession], status: AccountStatus = AccountStatus(hasTwoFactors: false, canInvite: false)) -> String {
        AccountSettingsScreen(
            locale: Locale(identifier: "en"), language: "en",
            account: SignedInAccount(user: User(username: "rita", name: "Rita"), csrfToken: "token"),
            state: AccountSettingsState(status: status, sessions: sessions)
        ).html
    }
}
