import Foundation
import GRDB

extension SQLiteSocialGraph {
    private static let searchQuery = PeopleSearch.query { "?\($0)" }

    package func searchPeople(_ text: String, visibleTo viewerID: Int64, limit: Int) async throws -> [PersonSummary] {
        let (viewer, folded, prefix, wordPrefix, anywhere, limit) = PeopleSearch.arguments(for: text, viewerID: viewerID, limit: limit)
        return try await database.read { db in
            try Row.fetchAll(db, sql: Self.searchQuery, arguments: [viewer, folded, prefix, wordPrefix, anywhere, limit]).map {
                PersonSummary(username: $0["username"], name: $0["name"], avatar: try StoredAvatarColumn.avatar(from: $0["avatar"]))
            }
        }
    }
}
