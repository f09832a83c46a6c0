import EssentialFeed
import Foundation

/// Reporting a photo, a comment or an account to the moderators: the reasons to choose from
/// and a note, posted to `/report`; once sent, the thanks and the way back.
public struct ReportScreen {
    public static let screenURL = "/report"

    private let context: ScreenContext
    private let account: SignedInAccount
    private let subject: ReportSubject
    private let errorMessage: String?
    private let isSent: Bool
    /// The photo reported, or whose comment is, when known: so the person sees which.
    private let photo: ImageCommentsScreen.Subject?
    /// The words of the comment reported, and its author, when known.
    private let quote: String?
    private let quoteAuthor: User?

    public init(
        _ subject: ReportSubject, locale: Locale, language: String, account: SignedInAccount, errorMessage: String? = nil, isSent: Bool = false,
        photo: ImageCommentsScreen.Subject? = nil, quote: String? = nil, quoteAuthor: User? = nil, assets: WebAssetLinks = WebAssetLinks()
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.photo = photo
        self.quote = quote
        self.quoteAuthor = quoteAuthor
        self.account = account
        self.subject = subject
        self.errorMessage = errorMessage
        self.isSent = isSent
    }

    private var locale: Locale { context.locale }

    /// The address of the form for `subject`.
    public static func url(for subject: ReportSubject) -> String {
        switch subject {
        case let .photo(id): "\(screenURL)?image=\(UUIDText.string(from: id))"
        case let .comment(id, photoID): "\(screenURL)?comment=\(UUIDText.string(from: id))&on=\(UUIDText.string(from: photoID))"
        case let .account(username): "\(screenURL)?user=\(username)"
        }
    }

    /// Where the person came from: the photo, its comments, or the profile.
    public static func backURL(for subject: ReportSubject) -> String {
        switch subject {
        case let .photo(id): "/images/\(UUIDText.string(from: id))"
        case let .comment(_, photoID): "/images/\(UUIDText.string(from: photoID))/comments"
        case let .account(username): ProfileLinks.profile(username)
        }
    }

    public var html: String {
        let back = Self.backURL(for: subject)
        let cancel = OwnPostStrings.cancel.localized(in: locale)
        let done = ModerationStrings.reportDone.localized(in: locale)
        let frame = ScreenFrame(
            context: context, title: ModerationStrings.reportTitle.localized(in: locale), script: nil,
            back: .init(href: back, label: isSent ? done : cancel, handledByScript: false), section: .app(current: nil))
        guard !isSent else {
            return frame.html(
                main: """
                    <main class="screen">
                    <p class="report-sent" role="status">\(ModerationStrings.sent.localized(in: locale))</p>
                    <p><a class="done-link" href="\(back)">\(done)</a></p>
                    </main>
                    """
            ).rendered
        }
        var reasons = HTML.empty
        // No reason is chosen in advance: a report says what the reporter chose.
        for reason in ReportReason.allCases {
            reasons += """
                <label class="report-reason"><input type="radio" name="reason" value="\(reason.rawValue)" required> \(ModerationPresenter.reasonLabel(reason, locale: locale))</label>

                """
        }
        return frame.html(
            main: """
                <main class="screen">
                \(photo.map { PhotoSubjectFigure(subject: $0, locale: locale).html + "\n" })\(QuotedComment.html(quote, by: quoteAuthor))<form class="report-form" method="post" action="\(Self.screenURL)">
                \(CSRFField.html(account.csrfToken))
                \(subjectFields)
                <p class="form-hint">\(ModerationStrings.reportIntro.localized(in: locale))</p>
                <fieldset class="report-reasons"><legend>\(ModerationStrings.reasonLabel.localized(in: locale))</legend>
                \(reasons)</fieldset>
                <label for="report-note">\(ModerationStrings.noteLabel.localized(in: locale))</label>
                <textarea id="report-note" name="note" rows="3" maxlength="1000"></textarea>
                <p class="form-error" role="alert"\(errorMessage == nil ? " hidden" as HTML : .empty)>\(errorMessage ?? "")</p>
                <div class="form-actions">
                <a class="cancel-link" href="\(back)">\(cancel)</a>
                <button type="submit" class="send-button">\(ModerationStrings.send.localized(in: locale))</button>
                </div>
                </form>
                </main>
                """
        ).rendered
    }

    private var subjectFields: HTML {
        switch subject {
        case let .photo(id):
            "<input type=\"hidden\" name=\"image\" value=\"\(UUIDText.string(from: id))\">"
        case let .comment(id, photoID):
            "<input type=\"hidden\" name=\"comment\" value=\"\(UUIDText.string(from: id))\"><input type=\"hidden\" name=\"on\" value=\"\(UUIDText.string(from: photoID))\">"
        case let .account(username):
            "<input type=\"hidden\" name=\"user\" value=\"\(username)\">"
        }
    }
}
