import ArgumentParser
import FeedAPIAdministration
import Foundation

/// `essential-feed invites …`: the operator's invitations to join.
struct InvitesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invites",
        abstract: "Create invitations to join (the API's --registration invite mode).",
        subcommands: [Create.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a link that lets people join, on standard output.")

        @Option(help: "How many accounts it may create.")
        var uses = 1

        @Option(help: ArgumentHelp("How long it works: a number of days (7d), hours (12h) or minutes (30m), or never.", valueName: "duration"))
        var expires = "7d"

        @OptionGroup var link: AppLinkOptions
        @OptionGroup var options: AccountsCommand.DatabaseOption

        func validate() throws {
            guard (1...10_000).contains(uses) else { throw ValidationError("--uses: 1 to 10000") }
            _ = try lifetime()
        }

        func run() async throws {
            let lifetime = try lifetime()
            var code = ""
            try await Failures.reported { code = try await options.withAdministration { try await $0.createInvitation(uses: uses, expiresAfter: lifetime) } }
            FileHandle.standardOutput.write(Data((link.url(path: "/join/" + code) + "\n").utf8))
        }

        /// `nil` for never.
        private func lifetime() throws -> TimeInterval? {
            if expires == "never" { return nil }
            guard let unit = expires.last, let amount = Int(expires.dropLast()), (1...3_650 * 24 * 60).contains(amount) else {
                throw ValidationError("--expires: a number followed by d, h or m (7d), or never")
            }
            switch unit {
            case "d" where amount <= 3_650: return TimeInterval(amount) * 86_400
            case "h" where amount <= 3_650 * 24: return TimeInterval(amount) * 3_600
            case "m": return TimeInterval(amount) * 60
            default: throw ValidationError("--expires: a number followed by d, h or m (7d), at most ten years, or never")
            }
        }
    }
}
