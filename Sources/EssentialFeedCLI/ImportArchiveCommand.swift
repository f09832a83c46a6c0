import ArgumentParser
import FeedAPIStorage
import Foundation
import Logging
import MediaPipeline
import PersonalArchives

/// `essential-feed import-archive FILE --account NAME`: a personal archive into an account, as
/// `POST /v1/me/import` does, for an operator moving a whole community.
struct ImportArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-archive",
        abstract: "Post the photos of a personal archive (a data export's ZIP file) as one account's.",
        discussion: """
            Every photo keeps its texts, visibility and original date; a photo posted on this server before (the \
            same bytes) is skipped, so importing an archive twice posts nothing twice. Prints what was imported and \
            what was skipped and why. Exits with status 1 when the file is not an archive.
            """
    )

    @Argument(help: "The archive: a ZIP file as an export writes it.")
    var file: String

    @Option(help: "The username of the account the photos are posted as.")
    var account: String

    @OptionGroup(title: "Database")
    var storage: APIDatabaseOptions

    func run() async throws {
        try await storage.withStorage(logger: Logger(label: "essential-feed.import-archive")) { database in
            guard let username = Username(account), try await database.accounts.account(named: username) != nil else {
                throw ValidationError("No account has the username \(account.lowercased()): add it with `essential-feed accounts add` first.")
            }
            let processor = PhotoProcessor()
            let moderation = database.moderation
            let importer = ArchiveImport(feed: database.feed, author: username, authorMayPost: { try await moderation.mayPost(username) }) { bytes in
                try processor.process(bytes, deadline: ProcessingDeadline(after: processor.limits.maximumProcessingTime))
            }
            let onTerminal = isatty(STDERR_FILENO) == 1
            let report: ArchiveImport.Report
            do {
                report = try await importer.run(URL(filePath: file)) { progress in
                    if onTerminal { FileHandle.standardError.write(Data("\rImporting… \(Int(progress * 100))%".utf8)) }
                }
            } catch let failure as ArchiveImport.Failure {
                FileHandle.standardError.write(Data("\(failure.description)\n".utf8))
                throw ExitCode(1)
            }
            if onTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
            var lines = report.skipped.map { "skipped \($0.file): \($0.reason)" }
            lines.append("\(report.imported.count) imported, \(report.skipped.count) skipped")
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
}
