import Foundation

/// What joining, a reset link and the account screen say when something is refused: one
/// message a person can act on, in their language.
public enum AccountSettingsPresenter {
    public static func errorMessage(for error: any Error, locale: Locale) -> String {
        switch error {
        case let error as NewAccountError: message(for: error).localized(in: locale)
        case let refusal as AccountRefusal: message(for: refusal.reason).localized(in: locale)
        case SessionMapper.Error.tooManyAttempts: AccountSettingsStrings.tooManyAttempts.localized(in: locale)
        case is InsufficientStorageError: SharedStrings.storageFull.localized(in: locale)
        default: AccountsStrings.connectivity.localized(in: locale)
        }
    }

    /// The rules a form checks before it asks the API, so a person learns at once.
    public static func validatedNewPassword(_ password: String) throws(NewAccountError) -> String {
        try NewAccountRules.password(password)
        return password
    }

    /// "3/5": how many people an invitation let in, of how many it allows.
    public static func usage(of invitation: MemberInvitation, locale: Locale) -> String {
        AccountSettingsStrings.invitationUsed.localized(
            in: locale, with: "\(invitation.used.formatted(.number.locale(locale)))/\(invitation.uses.formatted(.number.locale(locale)))")
    }

    private static func message(for error: NewAccountError) -> AccountSettingsStrings {
        switch error {
        case .usernameLength: .usernameLength
        case .usernameCharacters: .usernameCharacters
        case .usernameReserved: .usernameReserved
        case .passwordTooShort: .passwordTooShort
        case .passwordTooLong, .passwordUnreadable: .passwordTooLong
        case .passwordCommon, .passwordGuessable: .passwordCommon
        }
    }

    private static func message(for reason: AccountRefusal.Reason) -> AccountSettingsStrings {
        switch reason {
        case .registrationClosed: .registrationClosed
        case .invitationRequired: .invitationRequired
        case .invitationUnknown, .invalidInvitation, .unknownInvitation: .invitationUnknown
        case .invitationExpired: .invitationExpired
        case .invitationUsedUp: .invitationUsedUp
        case .usernameTaken: .usernameTaken
        case .invalidUsername: .usernameCharacters
        case .reservedUsername: .usernameReserved
        case .weakPassword: .passwordCommon
        case .invalidDisplayName: .displayNameInvalid
        case .tooManyRegistrations: .tooManyRegistrations
        case .wrongPassword: .wrongPassword
        case .tooManyAttempts: .tooManyAttempts
        case .totpRequired: .logInCodeRequired
        case .invalidTOTP: .wrongCode
        case .totpAlreadyOn, .totpNotPending: .twoFactorAlreadyOn
        case .invalidResetLink: .resetInvalid
        case .memberInvitesOff, .tooManyInvitations: .invitationsIntro
        case .unknownSession, .accountSuspended: .sessionEnded
        case .authenticationRequired: .resetInvalid
        }
    }
}
