import EssentialFeed
import Foundation
import Testing

@Suite struct LogInPresenterTests {
    private let english = Locale(identifier: "en")

    @Test func viewModel_namesTheFieldsAndTheButton() {
        let viewModel = LogInPresenter.viewModel(locale: english)

        #expect(viewModel.title == "Log In")
        #expect(viewModel.usernameLabel == "Username")
        #expect(viewModel.passwordLabel == "Password")
        #expect(viewModel.logInButton == "Log In")
        #expect(LogInPresenter.viewModel(locale: Locale(identifier: "pt-BR")).passwordLabel == "Senha")
        #expect(LogInPresenter.viewModel(locale: Locale(identifier: "el")).usernameLabel == "Όνομα χρήστη")
    }

    @Test func errorMessage_saysWhatWentWrongWithoutTellingWhichCredentialIsWrong() {
        #expect(LogInPresenter.errorMessage(for: SessionMapper.Error.invalidCredentials, locale: english) == "Wrong username or password.")
        #expect(LogInPresenter.errorMessage(for: ConnectivityError(), locale: english).contains("can't be reached right now"))
        #expect(LogInPresenter.errorMessage(for: SessionMapper.Error.invalidData, locale: english).contains("can't be reached right now"))
        #expect(LogInPresenter.errorMessage(for: LogInFormError(), locale: english) == "Enter your username and password.")
    }

    @Test(arguments: [
        (1.0, "Try again in 1 minute."), (60.0, "Try again in 1 minute."), (61.0, "Try again in 2 minutes."),
        (899.0, "Try again in 15 minutes."), (1_200.0, "Try again in 20 minutes.")
    ])
    func errorMessage_saysWhenToTryAgainInWholeMinutesRoundedUp(seconds: Double, expected: String) {
        let message = LogInPresenter.errorMessage(for: SessionMapper.Error.tooManyAttempts(retryAfter: seconds), locale: english)

        #expect(message.hasSuffix(expected))
    }

    @Test func errorMessage_countsMinutesInTheLanguageOfTheLocale() {
        let message = LogInPresenter.errorMessage(for: SessionMapper.Error.tooManyAttempts(retryAfter: 300), locale: Locale(identifier: "es"))

        #expect(message == "Demasiados intentos fallidos. Vuelve a intentarlo en 5 minutos.")
    }

    @Test func loggedIn_namesThePerson() {
        #expect(LogInPresenter.loggedIn(as: User(username: "maria.silva", name: "Maria Silva"), locale: english) == "Logged in as Maria Silva")
    }

    @Test func validatedForm_trimsTheUsernameAndKeepsThePasswordAsTyped() throws {
        let form = try LogInFormError.validated(username: "  maria \n", password: " pass word ")

        #expect(form.username == "maria")
        #expect(form.password == " pass word ")
        #expect(throws: LogInFormError()) { try LogInFormError.validated(username: " ", password: "x") }
        #expect(throws: LogInFormError()) { try LogInFormError.validated(username: "maria", password: "") }
    }

    @Test func aPasswordOverTheMaximum_isRefusedWithoutAskingTheAPI_asWrongCredentials() throws {
        let longest = String(repeating: "é", count: OverlongPasswordError.maximumBytes / 2)

        #expect(try LogInFormError.validated(username: "maria", password: longest).password == longest)
        #expect(throws: OverlongPasswordError()) { try LogInFormError.validated(username: "maria", password: longest + "x") }
        #expect(
            LogInPresenter.errorMessage(for: OverlongPasswordError(), locale: english)
                == LogInPresenter.errorMessage(for: SessionMapper.Error.invalidCredentials, locale: english))
    }
}
