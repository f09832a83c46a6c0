import EssentialFeed
import Foundation

/// What the account screen shows: the person's sessions, second factor and invitations as
/// the API has them, and what the last form did.
public struct AccountSettingsState: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case overview
        /// Setting up two factors: the secret, as a QR code and as a key.
        case twoFactorSetup(TwoFactorSetup, qrModules: [Bool], qrSize: Int)
        /// Two factors just turned on: the recovery codes, shown this once.
        case recoveryCodes([String])
    }

    public var status: AccountStatus
    public var sessions: [AccountSession]
    public var invitations: [MemberInvitation]
    public var step: Step
    /// What the last form did, said at the top.
    public var notice: String?
    /// Why the last form was refused, said in its section.
    public var passwordError: String?
    public var twoFactorError: String?
    public var invitationError: String?
    /// A new invitation's link, shown this once.
    public var createdInvitationLink: String?

    public init(
        status: AccountStatus, sessions: [AccountSession] = [], invitations: [MemberInvitation] = [], step: Step = .overview,
        notice: String? = nil, passwordError: String? = nil, twoFactorError: String? = nil, invitationError: String? = nil,
        createdInvitationLink: String? = nil
    ) {
        self.status = status
        self.sessions = sessions
        self.invitations = invitations
        self.step = step
        self.notice = notice
        self.passwordError = passwordError
        self.twoFactorError = twoFactorError
        self.invitationError = invitationError
        self.createdInvitationLink = createdInvitationLink
    }
}

/// `/settings/account`: password, sessions, two factors and invitations, each a form that
/// works without scripts and carries the session's CSRF token.
public struct AccountSettingsScreen {
    public static let screenURL = "/settings/account"
    public static let passwordURL = "/settings/account/password"
    public static let endAllSessionsURL = "/settings/account/sessions/end-all"
    public static let twoFactorSetupURL = "/settings/account/totp"
    public static let twoFactorConfirmURL = "/settings/account/totp/confirm"
    public static let twoFactorOffURL = "/settings/account/totp/off"
    public static let invitationsURL = "/settings/account/invitations"
    public static let privacyURL = "/settings/account/privacy"

    public static func endSessionURL(_ id: String) -> String { "/settings/account/sessions/\(id)/end" }
    public static func withdrawInvitationURL(_ id: String) -> String { "/settings/account/invitations/\(id)/withdraw" }

    private let context: ScreenContext
    private let account: SignedInAccount
    private let state: AccountSettingsState

    public init(locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount, state: AccountSettingsState) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.state = state
    }

    private var locale: Locale { context.locale }
    private var csrf: HTML { CSRFField.html(account.csrfToken) }

    public var html: String {
        let title = AccountSettingsStrings.settingsTitle.localized(in: locale)
        let profile = ProfileLinks.profile(account.user.username)
        let frame = ScreenFrame(
            context: context, title: title, back: .init(href: profile, label: "@" + account.user.username, handledByScript: false),
            section: .app(current: nil))
        let notice: HTML = state.notice.map { "<p class=\"form-notice\" role=\"status\">\($0)</p>\n" } ?? .empty
        let body: HTML
        switch state.step {
        case let .twoFactorSetup(setup, modules, size): body = twoFactorSetup(setup, modules: modules, size: size)
        case let .recoveryCodes(codes): body = recoveryCodes(codes)
        case .overview:
            body = moderationSection + privacySection + passwordSection + sessionsSection + twoFactorSection + invitationsSection + dataSection
        }
        return frame.html(main: "<main class=\"screen account-settings\">\n" + notice + body + "</main>").rendered
    }

    // MARK: - Your data

    private var dataSection: HTML {
        """
        <section class="settings-section" aria-labelledby="data-title">
        <h2 id="data-title">\(PersonalDataStrings.title.localized(in: locale))</h2>
        <p><a class="data-link" href="\(PersonalDataScreen.screenURL)">\(PersonalDataStrings.settingsLink.localized(in: locale))</a></p>
        </section>

        """
    }

    // MARK: - Privacy

    /// Whether each new follower waits to be accepted, and who sees new posts; the way to
    /// those waiting.
    private var privacySection: HTML {
        let status = state.status
        let checked: HTML = status.isLocked ? " checked" : .empty
        let waiting: HTML =
            status.isLocked || status.followRequestCount > 0
            ? "<p><a class=\"follow-requests-link\" href=\"\(ProfileLinks.followRequests)\">\(PrivacyStrings.followRequestsTitle.localized(in: locale))</a> <span class=\"count-badge\" data-count=\"follow-requests\">\(status.followRequestCount)</span></p>\n"
            : .empty
        let visibility = VisibilityChoice(
            id: "default-visibility", name: "default_visibility", label: PrivacyStrings.defaultVisibilityLabel.localized(in: locale),
            selected: status.defaultVisibility, locale: locale)
        return """
            <section class="settings-section" aria-labelledby="privacy-title">
            <h2 id="privacy-title">\(PrivacyStrings.settingsTitle.localized(in: locale))</h2>
            \(waiting)<form class="settings-form" method="post" action="\(Self.privacyURL)">
            \(csrf)
            <label class="checkbox-label"><input type="checkbox" name="locked" value="on"\(checked) aria-describedby="locked-hint"> \(PrivacyStrings.lockedLabel.localized(in: locale))</label>
            <p class="form-hint" id="locked-hint">\(PrivacyStrings.lockedHint.localized(in: locale))</p>
            \(visibility.html)
            <button type="submit" class="send-button">\(PrivacyStrings.save.localized(in: locale))</button>
            </form>
            <p class="kept-away-links"><a class="data-link" href="\(KeptAwayList.blocked.screenURL)">\(PrivacyStrings.blockedPeopleTitle.localized(in: locale))</a> \
            <a class="data-link" href="\(KeptAwayList.muted.screenURL)">\(PrivacyStrings.mutedPeopleTitle.localized(in: locale))</a></p>
            </section>

            """
    }

    // MARK: - Password

    private var passwordSection: HTML {
        let invalid: HTML = state.passwordError == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"password-error\""
        return """
            <section class="settings-section" aria-labelledby="password-title">
            <h2 id="password-title">\(AccountSettingsStrings.passwordSection.localized(in: locale))</h2>
            <form class="settings-form" method="post" action="\(Self.passwordURL)">
            \(csrf)
            <input type="text" name="username" autocomplete="username" value="\(account.user.username)" hidden>
            <label for="current-password">\(AccountSettingsStrings.currentPasswordLabel.localized(in: locale))</label>
            <input id="current-password" name="current_password" type="password" autocomplete="current-password" required maxlength="200"\(invalid)>
            <label for="new-password">\(AccountSettingsStrings.newPasswordLabel.localized(in: locale))</label>
            <input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="\(NewAccountRules.minimumPasswordCharacters)" maxlength="200" aria-describedby="new-password-hint">
            <p class="form-hint" id="new-password-hint">\(AccountSettingsStrings.passwordHint.localized(in: locale))</p>
            <p class="form-error" id="password-error" role="alert"\(hidden(state.passwordError == nil))>\(state.passwordError ?? "")</p>
            <button type="submit" class="send-button">\(AccountSettingsStrings.changePasswordButton.localized(in: locale))</button>
            </form>
            </section>

            """
    }

    // MARK: - Sessions

    private var sessionsSection: HTML {
        var items = HTML.empty
        for session in state.sessions {
            let client = ClientDescription.summary(of: session.client) ?? AccountSettingsStrings.unknownDevice.localized(in: locale)
            let lastUsed = AccountSettingsStrings.lastUsed.template(in: locale).filled(with: Self.dateText(session.lastUsedAt, locale: locale))
            let control: HTML =
                session.isCurrent
                ? "<strong class=\"session-current\">\(AccountSettingsStrings.thisDevice.localized(in: locale))</strong>"
                : """
                <form method="post" action="\(Self.endSessionURL(session.id))">\(csrf)<button type="submit" class="discard-button">\(AccountSettingsStrings.endSessionButton.localized(in: locale))<span class="visually-hidden">: \(client), \(lastUsed)</span></button></form>
                """
            items += """
                <li class="session" data-session="\(session.id)"><span class="session-client" title="\(session.client)">\(client)</span> <span class="session-used">\(lastUsed)</span> \(control)</li>

                """
        }
        return """
            <section class="settings-section" aria-labelledby="sessions-title">
            <h2 id="sessions-title">\(AccountSettingsStrings.sessionsSection.localized(in: locale))</h2>
            <ul class="sessions">
            \(items)</ul>
            <form method="post" action="\(Self.endAllSessionsURL)">\(csrf)<button type="submit" class="discard-button">\(AccountSettingsStrings.endAllSessionsButton.localized(in: locale))</button></form>
            </section>

            """
    }

    // MARK: - Two factors

    private var twoFactorSection: HTML {
        let error: HTML = state.twoFactorError.map { "<p class=\"form-error\" role=\"alert\">\($0)</p>\n" } ?? .empty
        let form: HTML =
            state.status.hasTwoFactors
            ? """
            <form class="settings-form" method="post" action="\(Self.twoFactorOffURL)">
            \(csrf)
            <input type="text" name="username" autocomplete="username" value="\(account.user.username)" hidden>
            <label for="two-factor-password">\(AccountsStrings.password.localized(in: locale))</label>
            <input id="two-factor-password" name="password" type="password" autocomplete="current-password" required maxlength="200">
            <button type="submit" class="discard-button">\(AccountSettingsStrings.turnOffButton.localized(in: locale))</button>
            </form>
            """
            : """
            <form method="post" action="\(Self.twoFactorSetupURL)">\(csrf)<button type="submit" class="send-button">\(AccountSettingsStrings.setUpButton.localized(in: locale))</button></form>
            """
        let summary = state.status.hasTwoFactors ? AccountSettingsStrings.twoFactorOn : AccountSettingsStrings.twoFactorOff
        return """
            <section class="settings-section" aria-labelledby="two-factor-title" data-two-factor="\(state.status.hasTwoFactors ? "on" : "off")">
            <h2 id="two-factor-title">\(AccountSettingsStrings.twoFactorSection.localized(in: locale))</h2>
            <p>\(summary.localized(in: locale))</p>
            \(error)\(form)
            </section>

            """
    }

    private func twoFactorSetup(_ setup: TwoFactorSetup, modules: [Bool], size: Int) -> HTML {
        let error: HTML = state.twoFactorError.map { "<p class=\"form-error\" id=\"code-error\" role=\"alert\">\($0)</p>\n" } ?? .empty
        return """
            <section class="settings-section" aria-labelledby="two-factor-title">
            <h2 id="two-factor-title">\(AccountSettingsStrings.twoFactorSection.localized(in: locale))</h2>
            <p>\(AccountSettingsStrings.scanInstructions.localized(in: locale))</p>
            \(QRCodeSVG(modules: modules, size: size, label: setup.uri).html)
            <p class="totp-key">\(AccountSettingsStrings.keyLabel.localized(in: locale)): <code data-role="totp-secret">\(Self.grouped(setup.secret))</code></p>
            <form class="settings-form" method="post" action="\(Self.twoFactorConfirmURL)">
            \(csrf)
            <input type="hidden" name="secret" value="\(setup.secret)">
            <input type="hidden" name="uri" value="\(setup.uri)">
            \(error)<label for="totp-code">\(AccountSettingsStrings.codeLabel.localized(in: locale))</label>
            <input id="totp-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{3} ?[0-9]{3}" maxlength="7" required autofocus>
            <div class="form-actions">
            <a class="cancel-link" href="\(Self.screenURL)">\(NewPostStrings.cancel.localized(in: locale))</a>
            <button type="submit" class="send-button">\(AccountSettingsStrings.turnOnButton.localized(in: locale))</button>
            </div>
            </form>
            </section>

            """
    }

    private func recoveryCodes(_ codes: [String]) -> HTML {
        var items = HTML.empty
        for code in codes { items += "<li><code>\(code)</code></li>\n" }
        return """
            <section class="settings-section" aria-labelledby="recovery-title">
            <h2 id="recovery-title">\(AccountSettingsStrings.recoveryCodesTitle.localized(in: locale))</h2>
            <p>\(AccountSettingsStrings.recoveryCodesIntro.localized(in: locale))</p>
            <ol class="recovery-codes" data-role="recovery-codes">
            \(items)</ol>
            <p><a class="send-button" href="\(Self.screenURL)">\(AccountSettingsStrings.recoveryCodesDone.localized(in: locale))</a></p>
            </section>

            """
    }

    // MARK: - Moderation

    /// For moderators and admins: the way to the reports and the log.
    private var moderationSection: HTML {
        guard state.status.moderates else { return .empty }
        return """
            <p class="settings-section moderation-link"><a href="\(ModerationScreen.screenURL)">\(ModerationStrings.link.localized(in: locale))</a></p>

            """
    }

    // MARK: - Invitations

    private var invitationsSection: HTML {
        guard state.status.canInvite else { return .empty }
        var items = HTML.empty
        for invitation in state.invitations {
            let validity: String =
                invitation.isUsable
                ? invitation.expiresAt.map { AccountSettingsStrings.invitationExpires.template(in: locale).filled(with: Self.dateText($0, locale: locale)) } ?? ""
                : AccountSettingsStrings.invitationNoLongerValid.localized(in: locale)
            items += """
                <li class="invitation" data-invitation="\(invitation.id)"><span>\(AccountSettingsPresenter.usage(of: invitation, locale: locale))</span> <span>\(validity)</span> <form method="post" action="\(Self.withdrawInvitationURL(invitation.id))">\(csrf)<button type="submit" class="discard-button">\(AccountSettingsStrings.withdrawButton.localized(in: locale))</button></form></li>

                """
        }
        if state.invitations.isEmpty { items = "<li class=\"empty\">\(AccountSettingsStrings.noInvitations.localized(in: locale))</li>\n" }
        let created: HTML =
            state.createdInvitationLink.map {
                """
                <p class="form-notice" role="status">\(AccountSettingsStrings.invitationCreated.localized(in: locale))</p>
                <p><input class="invitation-link" type="text" readonly value="\($0)" data-role="invitation-link" aria-label="\(AccountSettingsStrings.invitationsSection.localized(in: locale))"></p>

                """
            } ?? .empty
        let error: HTML = state.invitationError.map { "<p class=\"form-error\" role=\"alert\">\($0)</p>\n" } ?? .empty
        return """
            <section class="settings-section" aria-labelledby="invitations-title">
            <h2 id="invitations-title">\(AccountSettingsStrings.invitationsSection.localized(in: locale))</h2>
            <p>\(AccountSettingsStrings.invitationsIntro.localized(in: locale))</p>
            \(created)\(error)<form class="settings-form invitation-form" method="post" action="\(Self.invitationsURL)">
            \(csrf)
            <label for="invitation-uses">\(AccountSettingsStrings.invitationUses.localized(in: locale))</label>
            <input id="invitation-uses" name="uses" type="number" min="1" max="100" value="1" required>
            <label for="invitation-days">\(AccountSettingsStrings.invitationDays.localized(in: locale))</label>
            <input id="invitation-days" name="days" type="number" min="1" max="30" value="7" required>
            <button type="submit" class="send-button">\(AccountSettingsStrings.createInvitationButton.localized(in: locale))</button>
            </form>
            <ul class="invitations">
            \(items)</ul>
            </section>

            """
    }

    /// A key typed by hand reads best in groups of four.
    private static func grouped(_ secret: String) -> String {
        var grouped = ""
        for (index, character) in secret.enumerated() {
            if index > 0, index % 4 == 0 { grouped += " " }
            grouped.append(character)
        }
        return grouped
    }

    private static func dateText(_ date: Date, locale: Locale) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale))
    }
}

/// A QR code as SVG: one path of the dark modules, four modules of quiet zone around, drawn
/// crisp at any size.
struct QRCodeSVG {
    let modules: [Bool]
    let size: Int
    /// What the code holds, for those who cannot scan it (screen readers say it is an image).
    let label: String

    var html: HTML {
        guard size > 0, modules.count == size * size else { return .empty }
        var path = ""
        for row in 0..<size {
            for column in 0..<size where modules[row * size + column] {
                path += "M\(column + 4) \(row + 4)h1v1h-1z"
            }
        }
        let extent = size + 8
        return """
            <svg class="qr-code" role="img" aria-label="QR" viewBox="0 0 \(extent) \(extent)" width="\(extent * 5)" height="\(extent * 5)" shape-rendering="crispEdges" data-role="qr-code" data-uri="\(label)"><rect width="100%" height="100%" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}

/// A session's client as a person knows it — "Firefox on Linux" — from what its browser
/// calls itself; `nil` when it said nothing. Anything unknown is shown as it was given.
enum ClientDescription {
    static func summary(of userAgent: String) -> String? {
        guard !userAgent.isEmpty else { return nil }
        let browser = firstMatch(
            in: userAgent,
            [
                ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
                ("curl/", "curl")
            ])
        let system = firstMatch(
            in: userAgent,
            [
                ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"), ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"),
                ("Linux", "Linux")
            ])
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) · \(system)"
        case let (browser?, nil): return browser
        default: return userAgent
        }
    }

    private static func firstMatch(in text: String, _ markers: [(marker: String, name: String)]) -> String? {
        markers.first { text.contains($0.marker) }?.name
    }
}
