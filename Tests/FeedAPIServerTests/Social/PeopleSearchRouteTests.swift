import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer

@Suite("People search: the API")
struct PeopleSearchRouteTests {
    private static let password = "correct horse battery"

    @Test func findsPeopleByPartOfTheirNameOrUsername_aTokensOwnSearch() async throws {
        let (app, _) = try await makePeopleApp(["alice", "alicia", "bob", "malik"], password: Self.password)
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)

            let found = try await client.send(.get, "people?q=%40Ali", token: bob)
            #expect(found.status == .ok)
            #expect(found.headers[.cacheControl] == "no-store")
            #expect(found.headers[.link] == nil, "a search has no next page")
            let items = try jsonItems(found.body)
            #expect(items.compactMap { $0["username"] as? String } == ["alice", "alicia", "malik"], "a leading @ is no part of a name")
            #expect(items.first?["display_name"] as? String == "Alice")
            #expect(try jsonItems(try await client.send(.get, "people?q=ali&limit=1", token: bob).body).count == 1)
            #expect(try jsonItems(try await client.send(.get, "people?q=%20%20zed%20", token: bob).body).isEmpty)
            #expect(
                try jsonItems(try await client.send(.get, "people?q=Alice+Malik&limit=5", token: bob).body).isEmpty,
                "a + is a space, as a form writes one: no one is called so")
            #expect(try jsonItems(try await client.send(.get, "people?q=al%2Bi", token: bob).body).isEmpty, "%2B is a plus")
            #expect(try jsonItems(try await client.send(.get, "people?q=+alic+", token: bob).body).count == 2, "spaces around it trimmed")

            #expect(try await client.send(.get, "people?q=ali", token: nil).status == .unauthorized)
        }
    }

    @Test(arguments: [
        "people", "people?q=", "people?q=%20%40%20", "people?q=\(String(repeating: "a", count: 65))", "people?q=a%00b", "people?q=a&q=b",
        "people?q=a&limit=0", "people?q=a&limit=51"
    ])
    func refusesASearchForNothing_tooLong_withControlCharacters_orRepeated(_ path: String) async throws {
        let (app, _) = try await makePeopleApp(["alice", "bob"], password: Self.password)
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            try expectProblem(try await client.send(.get, path, token: bob), status: .badRequest)
        }
    }

    @Test func aRefusal_quotesTheStartOfWhatWasSent_notAllOfIt() async throws {
        let (app, _) = try await makePeopleApp(["alice", "bob"], password: Self.password)
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            let refused = try await client.send(.get, "people?q=a" + String(repeating: "%CC%81", count: 1_300), token: bob)
            #expect(refused.status == .badRequest)
            #expect(refused.body.readableBytes < 1_000, "one character of 1,301 code points is not echoed whole")
        }
    }
}
