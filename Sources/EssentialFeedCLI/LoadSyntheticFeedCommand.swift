import ArgumentParser
import FeedAPIAdministration
import FeedAPIStorage

/// `essential-feed load-synthetic-feed`: fills a database with a large made-up feed for benchmarks.
struct LoadSyntheticFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-synthetic-feed",
        abstract: "Append a large synthetic feed to an API database (for benchmarks).",
        shouldDisplay: false
    )

    @Option(help: "The SQLite database file; created with its schema when missing.")
    var database: String

    @Option(help: "How many items to append.")
    var items = 1_000_000

    func run() async throws {
        try await SyntheticFeed.load(itemCount: items, into: try APIDatabase.open(path: database))
    }
}
