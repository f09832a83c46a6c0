import ArgumentParser

@main
struct EssentialFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "essential-feed",
        abstract: "The Essential Feed system: feed API server and app.",
        subcommands: [RunCommand.self, AppCommand.self, APICommand.self, AccountsCommand.self, ImportCommand.self, NewsCommand.self, LoadSyntheticFeedCommand.self, SamplePhotosCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
