import Foundation

/// What the log-in screen says.
public struct LogInViewModel: Equatable, Sendable {
    public let title: String
    public let intro: String
    public let usernameLabel: String
    public let passwordLabel: String
    public let logInButton: String
}

public enum LogInPresenter {
    public static func viewModel(locale: Locale) -> LogInViewModel {
        LogInViewModel(
            title: AccountsStrings.logInTitle.localized(in: locale),
            intro: AccountsStrings.logInIntro.localized(in: locale),
            usernameLabel: AccountsStrings.username.localized(in: locale),
            passwordLabel: AccountsStrings.password.localized(in: locale),
            logInButton: AccountsStrings.logInButton.localized(in: locale))
    }

    /// One message a person can act on, whatever went wrong: wrong credentials (never which
    /// of the two), when to try again after too many attempts (whole minutes, rounded up),
    /// that there is no room to keep the session, or that the server could not be reached.
    public static func errorMessage(for error: any Error, locale: Locale) -> String {
        switch error {
        case SessionMapper.Error.invalidCredentials, is OverlongPasswordError:
            return AccountsStrings.invalidCredentials.localized(in: locale)
        case let SessionMapper.Error.tooManyAttempts(retryAfter):
            let minutes = max(1, Int(((retryAfter ?? defaultRetryDelay) / 60).rounded(.up)))
            guard minutes > 1 else { return AccountsStrings.tooManyAttemptsOneMinute.localized(in: locale) }
            return AccountsStrings.tooManyAttempts.localized(in: locale, with: minutes.formatted(.number.locale(locale)))
        case let refusal as AccountRefusal where refusal.reason == .totpRequired:
            return AccountSettingsStrings.logInCodeRequired.localized(in: locale)
        case let refusal as AccountRefusal where refusal.reason == .invalidTOTP:
            return AccountSettingsStrings.logInCodeWrong.localized(in: locale)
        case let refusal as AccountRefusal where refusal.reason == .accountSuspended:
            return ModerationPresenter.suspendedMessage(apiDetail: refusal.detail, locale: locale)
        case is LogInFormError:
            return AccountsStrings.missingFields.localized(in: locale)
        case is InsufficientStorageError:
            return SharedStrings.storageFull.localized(in: locale)
        default:
            return AccountsStrings.connectivity.localized(in: locale)
        }
    }

    /// How long the API's throttling lasts when it does not say.
    private static let defaultRetryDelay: TimeInterval = 15 * 60

    /// "Logged in as Maria Silva".
    public static func loggedIn(as user: User, locale: Locale) -> String {
        AccountsStrings.loggedInAs.localized(in: locale, with: user.name)
    }
}

/// A log-in form sent without a username or a password: the API is not asked.
public struct LogInFormError: Error, Equatable, Sendable {
    public init() {}

    /// The trimmed username and the password as typed, when both are there.
    /// - Throws: `LogInFormError` for a missing field, `OverlongPasswordError` for a password
    ///   over `OverlongPasswordError.maximumBytes`.
    public static func validated(username: String, password: String) throws -> (username: String, password: String) {
        let username = username.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !username.isEmpty, !password.isEmpty else { throw LogInFormError() }
        guard password.utf8.count <= OverlongPasswordError.maximumBytes else { throw OverlongPasswordError() }
        return (username, password)
    }
}

/// A password far longer than any account's can be (the API keeps 72 bytes of one): wrong
/// credentials, found without asking the API.
public struct OverlongPasswordError: Error, Equatable, Sendable {
    public static let maximumBytes = 1_024

    public init() {}
}
