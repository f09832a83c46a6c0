import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

extension PostgresSocialGraph {
    private static let searchQuery = PeopleSearch.query { "$\($0)" }

    package func searchPeople(_ text: String, visibleTo viewerID: Int64, limit: Int) async throws -> [PersonSummary] {
        let (viewer, folded, prefix, wordPrefix, anywhere, limit) = PeopleSearch.arguments(for: text, viewerID: viewerID, limit: limit)
        return try await deadline.bounded { [self] in
            var binds = PostgresBindings()
            binds.append(viewer)
            binds.append(folded)
            binds.append(prefix)
            binds.append(wordPrefix)
            binds.append(anywhere)
            binds.append(limit)
            var found: [PersonSummary] = []
            for try await (username, name, avatar) in try await client.query(PostgresQuery(unsafeSQL: Self.searchQuery, binds: binds), logger: logger)
                .decode((String, String, String?).self)
            {
                found.append(PersonSummary(username: username, name: name, avatar: try StoredAvatarColumn.avatar(from: avatar)))
            }
            return found
        }
    }
}
