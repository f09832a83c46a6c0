import ArgumentParser
import FeedAPIAdministration
import FeedAPIStorage
import Logging

/// `essential-feed load-synthetic-community`: fills a database with members, follows, posts and
/// one reader, for the scale benchmark.
struct LoadSyntheticCommunityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-synthetic-community",
        abstract: "Add a large synthetic community to an API database (for benchmarks).",
        discussion: "The reader logs in as \"\(SyntheticCommunity.readerUsername)\" with the password given.",
        shouldDisplay: false
    )

    @Option(help: "The SQLite database file (created with its schema when missing), or a postgres:// URL.")
    var database: String

    @Option(help: "How many members to add.")
    var members = 10_000

    @Option(help: "How many posts the members share.")
    var posts = 1_000_000

    @Option(help: "How many members the reader follows.")
    var readerFollows = 1_000

    @Option(help: "The password of every account it adds.")
    var password: String

    func run() async throws {
        let community = SyntheticCommunity(members: members, posts: posts, readerFollows: readerFollows)
        try await APIDatabaseLocation(database).withStorage(logger: Logger(label: "essential-feed.synthetic")) { database in
            try await community.load(into: database, readerPassword: password)
        }
    }
}
