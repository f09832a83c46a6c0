import ArgumentParser
import ProgramVersion

@main
struct EssentialFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "essential-feed",
        abstract: "The Essential Feed system: feed API server and app.",
        version: "essential-feed \(ProgramVersion.description)",
        subcommands: [RunCommand.self, AppCommand.self, APICommand.self, AccountsCommand.self, ImportCommand.self, NewsCommand.self, LoadSyntheticFeedCommand.self, SamplePhotosCommand.self,
                      BackupCommand.self, HealthCheckCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
