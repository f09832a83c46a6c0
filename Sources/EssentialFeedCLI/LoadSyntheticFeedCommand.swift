import ArgumentParser
import FeedAPIAdministration
import FeedAPIStorage
import Logging

/// `essential-feed load-synthetic-feed`: fills a database with a large made-up feed for benchmarks.
struct LoadSyntheticFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-synthetic-feed",
        abstract: "Append a large synthetic feed to an API database (for benchmarks).",
        shouldDisplay: false
    )

    @Option(help: "The SQLite database file (created with its schema when missing), or a postgres:// URL.")
    var database: String

    @Option(help: "How many items to append.")
    var items = 1_000_000

    func run() async throws {
        try await APIDatabaseLocation(database).withStorage(logger: Logger(label: "essential-feed.synthetic")) { database in
            try await SyntheticFeed.load(itemCount: items, into: database)
        }
    }
}
