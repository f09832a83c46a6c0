import Foundation

public enum ModerationPresenter {
    public static func reasonLabel(_ reason: ReportReason, locale: Locale) -> String {
        switch reason {
        case .spam: ModerationStrings.reasonSpam.localized(in: locale)
        case .abuse: ModerationStrings.reasonAbuse.localized(in: locale)
        case .illegal: ModerationStrings.reasonIllegal.localized(in: locale)
        case .other: ModerationStrings.reasonOther.localized(in: locale)
        }
    }

    public static func reportedBy(_ username: String, locale: Locale) -> String {
        ModerationStrings.reportedBy.localized(in: locale, with: "@" + username)
    }

    /// What a log entry's action did, in the reader's words; the API's name for one it does not know.
    public static func actionLabel(_ action: String, locale: Locale) -> String {
        switch action {
        case "remove_image": ModerationStrings.actionRemoveImage.localized(in: locale)
        case "remove_comment": ModerationStrings.actionRemoveComment.localized(in: locale)
        case "suspend": ModerationStrings.actionSuspend.localized(in: locale)
        case "lift_suspension": ModerationStrings.actionLift.localized(in: locale)
        case "dismiss": ModerationStrings.actionDismiss.localized(in: locale)
        default: action
        }
    }

    /// Why a report or a moderator's action was not taken, in words the person can act on.
    public static func errorMessage(for error: any Error, locale: Locale) -> String {
        switch error {
        case ModerationMapper.Error.alreadyReported: ModerationStrings.alreadyReported.localized(in: locale)
        case ModerationMapper.Error.tooManyReports: ModerationStrings.tooManyReports.localized(in: locale)
        case ModerationMapper.Error.notAllowed: ModerationStrings.notAllowed.localized(in: locale)
        case is ResourceNotFoundError: ModerationStrings.gone.localized(in: locale)
        default: ModerationStrings.failed.localized(in: locale)
        }
    }

    /// When each date was, relative to `currentDate`, in the reader's words ("2 hours ago"),
    /// the words looked up once for them all.
    public static func ages(of dates: [Date], to currentDate: Date, calendar: Calendar, locale: Locale) -> [String] {
        let relative = RelativeDate(locale: locale)
        return dates.map { relative.text(of: $0, to: currentDate, calendar: calendar) }
    }

    /// A moderator named an account that is not there.
    public static func noSuchAccount(_ typed: String, locale: Locale) -> String {
        ModerationStrings.noSuchAccount.localized(in: locale, with: "@" + (typed.hasPrefix("@") ? String(typed.dropFirst()) : typed))
    }

    /// The log-in's refusal of a suspended account, with the moderators' reason when the API
    /// gave one (its detail reads "This account is suspended: REASON").
    public static func suspendedMessage(apiDetail: String, locale: Locale) -> String {
        guard let colon = apiDetail.firstIndex(of: ":") else { return ModerationStrings.logInSuspended.localized(in: locale) }
        let reason = apiDetail[apiDetail.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !reason.isEmpty else { return ModerationStrings.logInSuspended.localized(in: locale) }
        return ModerationStrings.logInSuspendedBecause.localized(in: locale, with: reason)
    }
}
