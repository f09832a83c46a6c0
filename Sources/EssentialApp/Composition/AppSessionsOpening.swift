import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Logging
import SQLiteSupport

/// Opens the app's sessions in their own file. A damaged file is moved aside (everyone logs
/// in again) rather than keeping the app from starting; a data directory that cannot be
/// written keeps sessions in memory only, until the app stops. A file of a newer release is
/// refused: the app does not start over people's sessions it cannot read.
enum AppSessionsOpening {
    static let fileName = "app-sessions.sqlite"

    /// - Throws: `NewerSchema` for a file written by a newer release, left as it was.
    static func store(in directory: URL, logger: Logger, now: Date) throws -> any SessionStore {
        let file = directory.appending(path: fileName)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                return try GRDBSessionStore(path: file.path)
            } catch  where GRDBFeedStore.isDamagedFile(error) {
                let setAside = try AppCacheOpening.moveAside(file, now: now)
                logger.warning(
                    "The sessions file was damaged: moved it aside; everyone logs in again",
                    metadata: [
                        "damaged": "\(setAside.path)", "error": "\(error)"
                    ])
                return try GRDBSessionStore(path: file.path)
            }
        } catch let error as NewerSchema {
            throw error
        } catch {
            logger.error(
                "Cannot keep sessions in the data directory: they last until the app stops",
                metadata: [
                    "directory": "\(directory.path)", "error": "\(error)"
                ])
            return InMemorySessionStore()
        }
    }
}
