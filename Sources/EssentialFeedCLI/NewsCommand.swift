import ArgumentParser
import FeedAPIAdministration
import FeedAPIStorage
import Foundation
import Logging

/// `essential-feed news import FILE.json`: the news the API serves.
struct NewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "Manage the news the API serves.",
        subcommands: [NewsImportCommand.self]
    )
}

struct NewsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Replace the news with the stories, web links and adverts of a JSON file.",
        discussion: """
            The file's format is in the README. Photo paths are relative to the file; each photo goes through the \
            media pipeline. The whole file is checked first: every problem is listed with its place in the file, \
            and nothing changes unless all of it is valid.
            """
    )

    @Argument(help: "The JSON file.")
    var file: String

    @OptionGroup(title: "Database")
    var storage: APIDatabaseOptions

    func run() async throws {
        do {
            let summary = try await storage.withStorage(logger: Logger(label: "essential-feed.news")) { database in
                try await NewsImport(database).run(file: URL(fileURLWithPath: file))
            }
            FileHandle.standardOutput.write(
                Data(
                    "Imported \(summary.stories) stories, \(summary.webLinks) web links and \(summary.adverts) adverts (\(summary.photos) photos).\n".utf8))
        } catch let invalid as NewsImport.Invalid {
            throw CannotImportNews(description: invalid.description)
        }
    }
}

private struct CannotImportNews: Error, CustomStringConvertible {
    let description: String
}
