import EssentialFeed
import Foundation

/// `/settings/data`: one's data to take away, and the way to leave. Works without scripts:
/// while an export runs, the page loads itself again every few seconds to show how far it is.
public struct PersonalDataScreen {
    public static let screenURL = "/settings/data"
    public static let exportURL = "/settings/data/export"
    public static let archiveURL = "/settings/data/archive"
    public static let leaveURL = "/settings/leave"
    /// Where the browser goes once the account is deleted.
    public static let leftURL = "/goodbye"
    /// How often a page following a running export loads again.
    public static let refreshSeconds = 3

    public enum Mode: Equatable, Sendable {
        /// The export, and a link to leaving.
        case overview(DataExportViewModel)
        /// "Delete your account?": what it does, the way to export first, and the form; `error`
        /// says why the last try was refused, and `confirmed` keeps the box ticked when it was.
        case leaving(error: String?, confirmed: Bool = false)
    }

    private let context: ScreenContext
    private let account: SignedInAccount
    private let mode: Mode
    private let notice: String?

    public init(
        mode: Mode, notice: String? = nil, locale: Locale, language: String, account: SignedInAccount, assets: WebAssetLinks = WebAssetLinks()
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.mode = mode
        self.notice = notice
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let settings = AccountSettingsStrings.settingsTitle.localized(in: locale)
        let title: PersonalDataStrings = if case .leaving = mode { .leaveHeading } else { .title }
        var frame = ScreenFrame(
            context: context, title: title.localized(in: locale), script: nil,
            back: .init(href: AccountSettingsScreen.screenURL, label: settings, handledByScript: false), section: .app(current: nil))
        let noticeHTML: HTML = notice.map { "<p class=\"form-notice\" role=\"status\">\($0)</p>\n" } ?? .empty
        let body: HTML
        switch mode {
        case let .overview(export):
            if export.progress != nil { frame.refreshAfter = Self.refreshSeconds }
            body = exportSection(export) + leaveLinkSection
        case let .leaving(error, confirmed):
            frame.back = .init(href: Self.screenURL, label: PersonalDataStrings.title.localized(in: locale), handledByScript: false)
            body = leavingForm(error: error, confirmed: confirmed)
        }
        return frame.html(main: "<main class=\"screen account-settings\">\n" + noticeHTML + body + "</main>").rendered
    }

    private func exportSection(_ export: DataExportViewModel) -> HTML {
        var html: HTML = """
            <section class="settings-section" aria-labelledby="export-title">
            <h2 id="export-title">\(PersonalDataStrings.exportHeading.localized(in: locale))</h2>
            <p class="form-hint">\(PersonalDataStrings.exportIntro.localized(in: locale))</p>

            """
        if let status = export.status {
            html += "<p class=\"export-status\" role=\"status\">\(status)</p>\n"
        }
        if let progress = export.progress {
            html += """
                <progress class="export-progress" max="100" value="\(Int((progress * 100).rounded(.down)))"></progress>
                <p class="form-hint">\(PersonalDataStrings.exportRunningHint.localized(in: locale))</p>

                """
        }
        if let expiry = export.expiry {
            html += "<p class=\"form-hint\">\(expiry)</p>\n"
        }
        if export.canDownload {
            html += "<p><a class=\"send-button download-link\" href=\"\(Self.archiveURL)\" download>\(PersonalDataStrings.download.localized(in: locale))</a></p>\n"
        }
        if let start = export.startLabel {
            html += """
                <form class="settings-form" method="post" action="\(Self.exportURL)">
                \(CSRFField.html(account.csrfToken))
                <button type="submit" class="\(export.canDownload ? "secondary-button" : "send-button")">\(start)</button>
                </form>

                """
        }
        return html + "</section>\n"
    }

    private var leaveLinkSection: HTML {
        """
        <section class="settings-section" aria-labelledby="leave-title">
        <h2 id="leave-title">\(PersonalDataStrings.leaveHeading.localized(in: locale))</h2>
        <p class="form-hint">\(PersonalDataStrings.leaveIntro.localized(in: locale))</p>
        <p><a class="danger-link" href="\(Self.leaveURL)">\(PersonalDataStrings.leaveLink.localized(in: locale))</a></p>
        </section>

        """
    }

    private func leavingForm(error: String?, confirmed: Bool) -> HTML {
        let checked: HTML = confirmed ? " checked" : .empty
        let invalid: HTML = error == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"leave-error\""
        let hidden: HTML = error == nil ? " hidden" : .empty
        return """
            <section class="settings-section" aria-labelledby="leave-title">
            <h2 id="leave-title">\(PersonalDataStrings.leaveHeading.localized(in: locale))</h2>
            <p>\(PersonalDataStrings.leaveIntro.localized(in: locale))</p>
            <p><a class="export-first-link" href="\(Self.screenURL)">\(PersonalDataStrings.exportFirst.localized(in: locale))</a></p>
            <form class="settings-form confirm-deletion-form" method="post" action="\(Self.leaveURL)">
            \(CSRFField.html(account.csrfToken))
            <input type="text" name="username" autocomplete="username" value="\(account.user.username)" hidden>
            <label for="leave-password">\(PersonalDataStrings.password.localized(in: locale))</label>
            <input id="leave-password" name="password" type="password" autocomplete="current-password" required maxlength="200"\(invalid)>
            <p class="form-error" id="leave-error" role="alert"\(hidden)>\(error ?? "")</p>
            <label class="checkbox-label"><input type="checkbox" name="confirm" value="on" required\(checked)> \(PersonalDataStrings.confirm.localized(in: locale))</label>
            <div class="form-actions">
            <a class="cancel-link" href="\(Self.screenURL)">\(OwnPostStrings.cancel.localized(in: locale))</a>
            <button type="submit" class="danger-button">\(PersonalDataStrings.leaveButton.localized(in: locale))</button>
            </div>
            </form>
            </section>

            """
    }
}
