import Foundation
import Hummingbird
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

/// The API's router over a new SQLite database where each of `people` has an account (the
/// password `password`, the display name their name capitalized), and each of `posters` (all of
/// them unless given) posted one photo, in this order; the clock stands ten minutes after they joined.
/// - Returns: the application and each poster's photo, by name.
func makePeopleApp(_ people: [String], posters: [String]? = nil, password: String) async throws -> (some ApplicationProtocol, [String: UUID]) {
    let database = try await makeDatabase()
    let hasher = PasswordHasher(cost: 4)
    let passwordHash = try await hasher.hash(password)
    for name in people {
        _ = try await database.accounts.createAccount(
            username: try #require(Username(name)), name: name.capitalized, passwordHash: passwordHash,
            createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }
    let posters = posters ?? people
    var items: [NewFeedItem] = []
    for (index, name) in posters.enumerated() {
        var item = makeItem(index + 1)
        item.authorUsername = name
        items.append(item)
    }
    try await database.feed.append(items)
    var options = APIRouteOptions(hasher: hasher)
    options.now = { Date(timeIntervalSince1970: 1_790_000_600) }
    let app = Application(
        router: try buildRouter(
            repository: database.feed, accounts: database.accounts, social: database.social, publicURL: testPublicURL, options: options))
    return (app, Dictionary(uniqueKeysWithValues: zip(posters, items.map(\.id))))
}
