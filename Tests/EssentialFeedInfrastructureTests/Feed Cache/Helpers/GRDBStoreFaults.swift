import Foundation
import GRDB

/// Damages the database file of a `GRDBFeedStore` through a connection of its
/// own, as another process could, so that the store's real code paths meet
/// real SQLite errors.
struct GRDBStoreFaults: StoreFaults {
    let path: String

    init(path: String) throws {
        self.path = path
    }

    func makeRetrievalsFail() throws {
        try execute(
            """
            DROP TABLE feedImage;
            DROP TABLE feedCache;
            DROP TABLE feedImageData;
            """)
    }

    /// Fails on the second image of a feed, after the previous feed was deleted
    /// and the new timestamp and first image were written: the failure lands in
    /// the middle of the insert's transaction.
    func makeFeedInsertionsFail() throws {
        try execute(
            """
            CREATE TRIGGER injectedFeedImageInsertionFailure BEFORE INSERT ON feedImage
            WHEN NEW.position > 0
            BEGIN SELECT RAISE(ABORT, 'injected feed image insertion failure'); END;
            """)
    }

    func makeFeedDeletionsFail() throws {
        try execute(
            """
            CREATE TRIGGER injectedFeedDeletionFailure BEFORE DELETE ON feedCache
            BEGIN SELECT RAISE(ABORT, 'injected feed deletion failure'); END;
            """)
    }

    func makeImageDataInsertionsFail() throws {
        try execute(
            """
            CREATE TRIGGER injectedImageDataInsertionFailure BEFORE INSERT ON feedImageData
            BEGIN SELECT RAISE(ABORT, 'injected image data insertion failure'); END;
            CREATE TRIGGER injectedImageDataUpdateFailure BEFORE UPDATE ON feedImageData
            BEGIN SELECT RAISE(ABORT, 'injected image data update failure'); END;
            """)
    }

    private func execute(_ sql: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in try db.execute(sql: sql) }
    }
}
