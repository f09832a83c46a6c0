import ArgumentParser
import Foundation
import ProgramVersion

@main
struct EssentialFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "essential-feed",
        abstract: "The Essential Feed system: feed API server and app.",
        version: "essential-feed \(ProgramVersion.description)",
        subcommands: [
            RunCommand.self, AppCommand.self, APICommand.self, AccountsCommand.self, InvitesCommand.self, ImportCommand.self, ImportArchiveCommand.self, NewsCommand.self,
            LoadSyntheticFeedCommand.self, LoadSyntheticCommunityCommand.self, SamplePhotosCommand.self,
            BackupCommand.self, HealthCheckCommand.self
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Every file and folder the program creates is its user's alone (0600, 0700), whatever
    /// umask it was started with: the stores hold password hashes, the digests of tokens and
    /// the addresses people log in from.
    static func main() async {
        umask(0o077)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
