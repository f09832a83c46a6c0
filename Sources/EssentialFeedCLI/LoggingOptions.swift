import ArgumentParser
import Logging
import ProgramVersion
import StructuredLogging
import Synchronization

/// How the program logs: text lines for people at a terminal, or one JSON object per line
/// for the journal and log shippers.
struct LoggingOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "The log's format: text, or json (one object per line: time, level, label, message, fields).")
    var logFormat: Format = .text

    @Option(help: ArgumentHelp("The least important events logged: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: Logger.Level = .info

    /// Sets up logging for the whole process (the first call does; later ones change nothing)
    /// and logs which program this is, the log's first line.
    func start(label: String) -> Logger {
        let format = logFormat
        let level = logLevel
        if !Self.isBootstrapped.exchange(true, ordering: .acquiringAndReleasing) {
            LoggingSystem.bootstrap { label in
                var handler: any LogHandler =
                    switch format {
                    case .text: StreamLogHandler.standardError(label: label)
                    case .json: JSONLogHandler.standardError(label: label)
                    }
                handler.logLevel = level
                return handler
            }
        }
        let logger = Logger(label: label)
        logger.notice("Essential Feed \(ProgramVersion.description)")
        return logger
    }

    private static let isBootstrapped = Atomic(false)
}

// The command line reads log levels as swift-log names them; neither package can declare it.
// swift-format-ignore: AvoidRetroactiveConformances
extension Logger.Level: @retroactive ExpressibleByArgument {}
