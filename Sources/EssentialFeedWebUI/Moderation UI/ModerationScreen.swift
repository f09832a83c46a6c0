import EssentialFeed
import Foundation

/// The moderators' screen: the open reports, each with what it names and the actions on it
/// (remove the photo or the comment, suspend or lift an account, dismiss), every one a form
/// posted to `actionURL` with a reason for the log; then the log itself.
public struct ModerationScreen {
    public static let screenURL = "/moderation"
    public static let actionURL = "/moderation/act"

    private let context: ScreenContext
    private let account: SignedInAccount
    private let reports: [ModerationReport]
    private let log: [ModerationLogEntry]
    private let message: String?
    /// When each report was made, and each logged action taken, in words.
    private let reportAges: [String]
    private let logAges: [String]

    /// With `currentDate`, dates read as ages ("2 hours ago"); without, as they are kept.
    public init(
        reports: [ModerationReport], log: [ModerationLogEntry], locale: Locale, language: String, account: SignedInAccount, message: String? = nil,
        assets: WebAssetLinks = WebAssetLinks(), currentDate: Date? = nil, calendar: Calendar = Calendar(identifier: .gregorian)
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.reports = reports
        self.log = log
        self.message = message
        func ages(_ dates: [Date]) -> [String] {
            guard let currentDate else { return dates.map(ISO8601DateText.string(from:)) }
            return ModerationPresenter.ages(of: dates, to: currentDate, calendar: calendar, locale: locale)
        }
        reportAges = ages(reports.map(\.createdAt))
        logAges = ages(log.map(\.createdAt))
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let frame = ScreenFrame(
            context: context, title: ModerationStrings.title.localized(in: locale), script: nil, back: nil, section: .app(current: nil))
        var queue = HTML.empty
        for (report, age) in zip(reports, reportAges) { queue += reportHTML(report, age: age) }
        var entries = HTML.empty
        for (entry, age) in zip(log, logAges) {
            let action = ModerationPresenter.actionLabel(entry.action, locale: locale)
            entries += """
                <li class="moderation-log-entry"><time datetime="\(ISO8601DateText.string(from: entry.createdAt))">\(age)</time> @\(entry.moderator) \(action) <span class="moderation-target">\(entry.target)</span>\(entry.reason.map { reason -> HTML in " — \(reason)" })</li>

                """
        }
        return frame.html(
            main: """
                <main class="screen moderation-screen">
                <p class="form-error" role="alert"\(message == nil ? " hidden" as HTML : .empty)>\(message ?? "")</p>
                <h2>\(ModerationStrings.queue.localized(in: locale))</h2>
                \(reports.isEmpty ? "<p class=\"moderation-empty\">\(ModerationStrings.queueEmpty.localized(in: locale))</p>" as HTML : "<ol class=\"moderation-queue\">\n\(queue)</ol>")
                \(liftForm)
                <h2>\(ModerationStrings.log.localized(in: locale))</h2>
                \(log.isEmpty ? "<p class=\"moderation-empty\">\(ModerationStrings.logEmpty.localized(in: locale))</p>" as HTML : "<ol class=\"moderation-log\">\n\(entries)</ol>")
                </main>
                """
        ).rendered
    }

    /// A suspension's reports are closed by it: lifting one starts from the username.
    private var liftForm: HTML {
        """
        <h2>\(ModerationStrings.liftSuspension.localized(in: locale))</h2>
        <form class="moderation-action moderation-lift" method="post" action="\(Self.actionURL)">
        \(CSRFField.html(account.csrfToken))<input type="hidden" name="action" value="lift">
        <label for="moderation-lift-username">\(AccountsStrings.username.localized(in: locale))</label>
        <input type="text" id="moderation-lift-username" name="username" required maxlength="32" autocapitalize="none" spellcheck="false">
        <label for="moderation-lift-reason">\(ModerationStrings.actionReasonLabel.localized(in: locale))</label>
        <input type="text" id="moderation-lift-reason" name="reason" maxlength="1000">
        <button type="submit" class="send-button">\(ModerationStrings.liftSuspension.localized(in: locale))</button>
        </form>
        """
    }

    private func reportHTML(_ report: ModerationReport, age: String) -> HTML {
        var html: HTML = """
            <li class="moderation-report" data-report-id="\(String(report.id))">
            <p class="moderation-report-header"><strong>\(ModerationPresenter.reasonLabel(report.reason, locale: locale))</strong> · \(ModerationPresenter.reportedBy(report.reporter, locale: locale)) · <time datetime="\(ISO8601DateText.string(from: report.createdAt))">\(age)</time></p>

            """
        if let note = report.note { html += "<p class=\"moderation-note\">\(note)</p>\n" }
        switch report.content {
        case nil:
            html += "<p class=\"moderation-gone\">\(ModerationStrings.gone.localized(in: locale))</p>\n"
        case let .photo(photo)?:
            let link = "/images/\(UUIDText.string(from: photo.id))"
            html += "<p class=\"moderation-content\"><a href=\"\(link)\">\(FeedStrings.openPhoto.localized(in: locale))</a>"
            if let author = photo.author { html += " · @\(author.username)" }
            if let description = photo.description { html += " — \(description)" }
            html += "</p>\n" + actionForm(report, action: "remove", fields: ["kind": "photo", "id": UUIDText.string(from: photo.id)], label: .remove)
        case let .comment(commentID, message, username, photoID)?:
            html += """
                <p class="moderation-content">@\(username): “\(message)” · <a href="/images/\(UUIDText.string(from: photoID))/comments">\(FeedStrings.comments.localized(in: locale))</a></p>

                """
            let fields = ["kind": "comment", "id": UUIDText.string(from: commentID), "photo": UUIDText.string(from: photoID)]
            html += actionForm(report, action: "remove", fields: fields, label: .remove)
        case let .account(username, name, isSuspended)?:
            let suspended: HTML = isSuspended ? " · <strong>\(ModerationStrings.suspended.localized(in: locale))</strong>" : .empty
            html += "<p class=\"moderation-content\"><a href=\"\(ProfileLinks.profile(username))\">\(name) @\(username)</a>\(suspended)</p>\n"
            html += actionForm(report, action: isSuspended ? "lift" : "suspend", fields: ["username": username], label: isSuspended ? .liftSuspension : .suspend)
        }
        html += actionForm(report, action: "dismiss", fields: [:], label: .dismiss)
        return html + "</li>\n"
    }

    private func actionForm(_ report: ModerationReport, action: String, fields: [String: String], label: ModerationStrings) -> HTML {
        let id = "moderation-reason-\(report.id)-\(action)"
        var hidden: HTML = "<input type=\"hidden\" name=\"action\" value=\"\(action)\"><input type=\"hidden\" name=\"report\" value=\"\(String(report.id))\">"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            hidden += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
        }
        let isRequired: HTML = action == "suspend" || action == "remove" ? " required" : .empty
        return """
            <form class="moderation-action" method="post" action="\(Self.actionURL)">
            \(CSRFField.html(account.csrfToken))\(hidden)
            <label for="\(id)">\(ModerationStrings.actionReasonLabel.localized(in: locale))</label>
            <input type="text" id="\(id)" name="reason" maxlength="1000"\(isRequired)>
            <button type="submit" class="\(action == "dismiss" ? "send-button" : "danger-button")">\(label.localized(in: locale))</button>
            </form>

            """
    }
}
