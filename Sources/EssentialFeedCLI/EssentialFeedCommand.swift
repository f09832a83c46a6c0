import ArgumentParser

@main
struct EssentialFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "essential-feed",
        abstract: "The Essential Feed system: feed API server and app.",
        subcommands: [APICommand.self, LoadSyntheticFeedCommand.self]
    )
}
