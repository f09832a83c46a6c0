import ArgumentParser
import FeedAPIAdministration
import FeedAPIStorage
import Foundation
import Logging

/// `essential-feed import DIR --database FILE --author USERNAME`: photo files into an API database.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Post every JPEG, PNG and WebP file under a folder, as one account, through the media pipeline.",
        discussion: """
            Files ending in .jpg, .jpeg, .png or .webp (any case) are imported in order of their paths, each first \
            in the feed as it lands; their bytes tell the format. NAME.txt beside NAME.jpg gives the post's \
            description. A file imported before (the same bytes) is skipped, so running it again imports nothing \
            twice. Exits with status 1 when any file failed.
            """
    )

    @Argument(help: "The folder to import, with its subfolders.")
    var folder: String

    @OptionGroup(title: "Database")
    var storage: APIDatabaseOptions

    @Option(help: "The username of the account that posts the photos.")
    var author: String

    @Option(help: "How many photos to process at once (default: one per core).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64.") }
    }

    func run() async throws {
        try await storage.withStorage(logger: Logger(label: "essential-feed.import")) { database in
            try await importFolder(into: database)
        }
    }

    private func importFolder(into database: some APIStorage) async throws {
        let folderURL = URL(fileURLWithPath: folder, isDirectory: true)
        let photoImport: PhotoImport
        let files: [URL]
        do {
            photoImport = try await PhotoImport.open(database, author: author, parallelism: jobs)
            files = try PhotoImport.photoFiles(under: folderURL)
        } catch let failure as PhotoImport.Failure {
            throw CannotImport(description: failure.description)
        }
        let report = ImportReport()
        let onTerminal = isatty(STDERR_FILENO) == 1
        let started = Date()
        FileHandle.standardError.write(Data("Importing \(files.count) files from \(folderURL.path)\n".utf8))
        let summary = await photoImport.run(files) { progress in
            let text =
                onTerminal
                ? "\r" + report.bar(done: progress.done, total: progress.total, elapsed: Date().timeIntervalSince(started))
                : report.line(for: progress, relativeTo: folderURL) + "\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
        if onTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
        FileHandle.standardOutput.write(Data(report.summary(summary, relativeTo: folderURL).utf8))
        if !summary.failures.isEmpty { throw ExitCode(1) }
    }
}

private struct CannotImport: Error, CustomStringConvertible {
    let description: String
}
