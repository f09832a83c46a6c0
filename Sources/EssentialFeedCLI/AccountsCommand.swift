import ArgumentParser
import FeedAPIAdministration
import FeedAPIStorage
import Foundation
import Logging

/// `essential-feed accounts …`: the accounts of an API database.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Add, list and remove the accounts people log in with, set their passwords, or hand out a reset link.",
        subcommands: [Add.self, List.self, Remove.self, Password.self, ResetPassword.self, Role.self]
    )

    struct DatabaseOption: ParsableArguments {
        @OptionGroup var storage: APIDatabaseOptions

        func withAdministration<Result>(_ body: (AccountAdministration) async throws -> Result) async throws -> Result {
            try await storage.withStorage(logger: Logger(label: "essential-feed.accounts")) { database in
                try await body(AccountAdministration(database))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an account; the password is read from standard input (not shown on a terminal).")

        @Argument(help: "3 to 32 of a-z, 0-9, _ and .")
        var username: String

        @Option(help: "The name shown with the account's posts and comments (default: the username).")
        var name: String?

        @OptionGroup var options: DatabaseOption

        func run() async throws {
            let password = try PasswordInput.read(confirming: true)
            try await Failures.reported { try await options.withAdministration { try await $0.add(username: username, name: name, password: password) } }
            FileHandle.standardError.write(Data("Added the account \(username.lowercased()).\n".utf8))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts: username, name, creation date.")

        @OptionGroup var options: DatabaseOption

        func run() async throws {
            let accounts = try await options.withAdministration { try await $0.list() }
            var lines = ""
            for account in accounts {
                lines += "\(account.username)\t\(account.name)\t\(account.createdAt.formatted(.iso8601))\n"
            }
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an account with everything it made (posts, comments, likes, follows, exports) and revoke its tokens.",
            discussion: "Its username stays reserved for 30 days.")

        @Argument var username: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            let accountID = try await Failures.reported { try await options.withAdministration { try await $0.remove(username: username) } }
            // The person's exports and imports.
            try? FileManager.default.removeItem(at: options.storage.archivesDirectory.appending(path: String(accountID), directoryHint: .isDirectory))
            FileHandle.standardError.write(Data("Removed the account \(username.lowercased()).\n".utf8))
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set an account's password (read from standard input) and revoke its tokens.")

        @Argument var username: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            let password = try PasswordInput.read(confirming: true)
            try await Failures.reported { try await options.withAdministration { try await $0.setPassword(username: username, password: password) } }
            FileHandle.standardError.write(Data("Set a new password for \(username.lowercased()).\n".utf8))
        }
    }
}

extension AccountsCommand {
    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give an account a role: admin or moderator (they act on reports, suspend accounts, remove content), or member.")

        @Argument var username: String
        @Argument(help: "admin, moderator or member") var role: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            try await Failures.reported { try await options.withAdministration { try await $0.setRole(username: username, role: role) } }
            FileHandle.standardError.write(Data("\(username.lowercased()) now has the role \(role.lowercased()).\n".utf8))
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Print a single-use link, valid for one hour, that sets the account's password (and ends its sessions).")

        @Argument var username: String
        @OptionGroup var link: AppLinkOptions
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            var code = ""
            try await Failures.reported { code = try await options.withAdministration { try await $0.passwordResetCode(username: username) } }
            FileHandle.standardOutput.write(Data((link.url(path: "/reset-password/" + code) + "\n").utf8))
        }
    }
}

/// Where the links a command prints lead: the app people use.
struct AppLinkOptions: ParsableArguments {
    @Option(help: "The app's public URL, the base of the printed link.")
    var appURL = "http://127.0.0.1:8080"

    func validate() throws {
        guard let url = URL(string: appURL), url.scheme == "http" || url.scheme == "https", url.host() != nil else {
            throw ValidationError("--app-url: give an http or https URL, such as https://photos.example.org")
        }
    }

    func url(path: String) -> String {
        (appURL.hasSuffix("/") ? String(appURL.dropLast()) : appURL) + path
    }
}

/// An account rule broken is the person's to fix: said plainly, exit code 1, no usage text.
enum Failures {
    struct Reported: Error, CustomStringConvertible {
        let description: String
    }

    static func reported<Result>(_ work: () async throws -> Result) async throws -> Result {
        do {
            return try await work()
        } catch let failure as AccountAdministration.Failure {
            throw Reported(description: failure.description)
        }
    }
}

/// A password from standard input: on a terminal asked for without echo (twice, to catch a
/// typo); from a pipe, its first line.
enum PasswordInput {
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    static func read(confirming: Bool) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else { throw Unreadable(description: "No password on standard input.") }
            return line
        }
        let password = try readHidden(prompt: "Password: ")
        if confirming, try readHidden(prompt: "Password again: ") != password {
            throw Unreadable(description: "The two passwords differ.")
        }
        return password
    }

    private static func readHidden(prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw Unreadable(description: "Cannot read the terminal's settings.") }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else { throw Unreadable(description: "No password given.") }
        return line
    }
}
