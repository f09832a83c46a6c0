import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Logging

/// Opens the app's sessions in their own file. A damaged file is moved aside (everyone logs
/// in again) rather than keeping the app from starting; a data directory that cannot be
/// written keeps sessions in memory only, until the app stops.
enum AppSessionsOpening {
    static let fileName = "app-sessions.sqlite"

    static func store(in directory: URL, logger: Logger, now: Date) -> any SessionStore {
        let file = directory.appending(path: fileName)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                return try GRDBSessionStore(path: file.path)
            } catch where GRDBFeedStore.isDamagedFile(error) {
                let setAside = try AppCacheOpening.moveAside(file, now: now)
                logger.warning("The sessions file was damaged: moved it aside; everyone logs in again", metadata: [
                    "damaged": "\(setAside.path)", "error": "\(error)",
                ])
                return try GRDBSessionStore(path: file.path)
            }
        } catch {
            logger.error("Cannot keep sessions in the data directory: they last until the app stops", metadata: [
                "directory": "\(directory.path)", "error": "\(error)",
            ])
            return InMemorySessionStore()
        }
    }
}
