import EssentialApp
import EssentialFeed
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Testing

@Suite struct PeopleSearchAcceptanceTests {
    private static let reader = InProcessFeedAPI.otherUsername

    @Test func aReader_findsPeopleByPartOfTheirName_eachLeadingToTheirProfile() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let empty = try await client.execute(uri: "/search", method: .get, headers: [.cookie: cookie])
            let form = String(buffer: empty.body)
            #expect(empty.status == .ok)
            #expect(form.contains(#"<form class="people-search-form" method="get" action="/search" role="search">"#))
            #expect(form.contains(#"<input type="search" id="people-search" name="q" value="" "#) && form.contains(" autofocus"))
            #expect(form.contains("Type part of a name or a username."))
            #expect(form.contains(#"<a class="app-nav-link app-nav-search" href="/search" aria-label="Find people" aria-current="page">"#))

            let found = try await client.execute(uri: "/search?q=%40silva", method: .get, headers: [.cookie: cookie])
            let results = String(buffer: found.body)
            #expect(found.status == .ok)
            #expect(found.headers[.cacheControl] == "no-store")
            #expect(results.contains(#"value="@silva""#), "what was typed, to change it")
            #expect(results.contains(#"<a class="suggestion-link" href="/@maria.silva">"#))
            #expect(results.contains(#"<span class="author-name">Maria Silva</span> <span class="author-handle">@maria.silva</span>"#))
            #expect(!results.contains(" autofocus"), "the results, not the box, once searched")

            let spaced = String(buffer: try await client.execute(uri: "/search?q=maria+silva", method: .get, headers: [.cookie: cookie]).body)
            #expect(spaced.contains(#"<a class="suggestion-link" href="/@maria.silva">"#), "a form writes a space as +")
            #expect(spaced.contains(#"value="maria silva""#))
            #expect(
                try await client.execute(uri: "/search?q=%E0%A4", method: .get, headers: [.cookie: cookie]).status == .badRequest, "not UTF-8")

            let none = String(buffer: try await client.execute(uri: "/search?q=%3Cnobody%3E", method: .get, headers: [.cookie: cookie]).body)
            #expect(none.contains("No one matches “&lt;nobody&gt;”."))
        }
    }

    @Test func aSearchForNothing_saysWhatToType_andAFailedOneSaysSo() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let tooLong = try await client.execute(uri: "/search?q=\(String(repeating: "a", count: 65))", method: .get, headers: [.cookie: cookie])
            #expect(tooLong.status == .badRequest)
            #expect(String(buffer: tooLong.body).contains("Type 1 to 64 characters of a name or a username."))
            #expect(try await client.execute(uri: "/search?q=%20@%20", method: .get, headers: [.cookie: cookie]).status == .badRequest)

            api.mode = .offline
            let failed = try await client.execute(uri: "/search?q=ana", method: .get, headers: [.cookie: cookie])
            #expect(failed.status == .badGateway)
            #expect(String(buffer: failed.body).contains("Could not search right now. Try again."))
        }
    }

    @Test func theSearch_isForThoseLoggedIn() async throws {
        try await makeApp(api: try await InProcessFeedAPI.make()).test(.router) { client in
            let response = try await client.execute(uri: "/search?q=ana", method: .get)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location]?.hasPrefix("/login") == true)
        }
    }

    private func makeApp(api: InProcessFeedAPI) async -> some ApplicationProtocol {
        await AppServer.buildApplication(.init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}
