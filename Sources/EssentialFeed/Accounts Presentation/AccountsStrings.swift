/// The strings of logging in and out.
public enum AccountsStrings: String, LocalizedStringTable {
    case logInTitle = "LOG_IN_TITLE"
    case logInIntro = "LOG_IN_INTRO"
    case username = "LOG_IN_USERNAME"
    case password = "LOG_IN_PASSWORD"
    case logInButton = "LOG_IN_BUTTON"
    case invalidCredentials = "LOG_IN_ERROR_INVALID_CREDENTIALS"
    case missingFields = "LOG_IN_ERROR_MISSING_FIELDS"
    /// Use `LogInPresenter.errorMessage(for:locale:)`.
    case tooManyAttemptsOneMinute = "LOG_IN_ERROR_TOO_MANY_ATTEMPTS_ONE"
    /// Holds the minutes: use `LogInPresenter.errorMessage(for:locale:)`.
    case tooManyAttempts = "LOG_IN_ERROR_TOO_MANY_ATTEMPTS"
    case connectivity = "LOG_IN_ERROR_CONNECTIVITY"
    case formExpired = "LOG_IN_ERROR_FORM_EXPIRED"
    /// Holds the name: use `LogInPresenter.loggedIn(as:locale:)`.
    case loggedInAs = "LOGGED_IN_AS"
    case logOutButton = "LOG_OUT_BUTTON"
    case requestRefusedTitle = "REQUEST_REFUSED_TITLE"
    case requestRefusedMessage = "REQUEST_REFUSED_MESSAGE"

    public static var tableName: String { "Accounts" }
}
