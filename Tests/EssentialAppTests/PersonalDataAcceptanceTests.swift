import EssentialApp
import EssentialFeed
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Testing

@Suite struct PersonalDataAcceptanceTests {
    private static let owner = InProcessFeedAPI.username

    @Test func settings_leadToOnesData_whoseArchiveIsPreparedThenDownloaded() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let owner = try await client.logIn(as: Self.owner)
            #expect(try await page("/settings/account", client, owner).contains(#"<a class="data-link" href="/settings/data">"#))
            let empty = try await page("/settings/data", client, owner)
            #expect(empty.contains(">Prepare my archive<") && !empty.contains("http-equiv=\"refresh\""))

            let started = try await client.post("/settings/data/export", form: ["csrf_token": try formToken(in: empty)], cookie: owner)
            #expect(started.status == .seeOther && started.headers[.location] == "/settings/data")
            await api.waitForArchiveJobs()

            let ready = try await page("/settings/data", client, owner)
            #expect(ready.contains("Your archive is ready:"))
            #expect(ready.contains(#"<a class="send-button download-link" href="/settings/data/archive" download>Download the archive</a>"#))
            #expect(ready.contains(">Prepare a new archive<"))
            let download = try await client.execute(uri: "/settings/data/archive", method: .get, headers: [.cookie: owner])
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/zip")
            #expect(download.headers[.cacheControl] == "no-store")
            #expect(download.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"essential-feed-\(Self.owner)-") == true)
            #expect(Array(Data(buffer: download.body).prefix(2)) == Array("PK".utf8), "a ZIP file")

            let forged = try await client.post("/settings/data/export", form: ["csrf_token": "forged"], cookie: owner)
            #expect(forged.status == .forbidden)
        }
    }

    @Test func leaving_offersTheExportFirst_asksForThePasswordAndAConfirmation_thenForgetsThePerson() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let owner = try await client.logIn(as: Self.owner)
            #expect(try await page("/settings/data", client, owner).contains(#"<a class="danger-link" href="/settings/leave">Delete my account…</a>"#))
            let form = try await page("/settings/leave", client, owner)
            #expect(form.contains(#"<a class="export-first-link" href="/settings/data">Download your data first</a>"#))
            let token = try formToken(in: form)

            let unconfirmed = try await client.post("/settings/leave", form: ["csrf_token": token, "password": InProcessFeedAPI.password], cookie: owner)
            #expect(unconfirmed.status == .badRequest)
            #expect(String(buffer: unconfirmed.body).contains("Tick the box to confirm."))
            let wrong = try await client.post("/settings/leave", form: ["csrf_token": token, "password": "not the password", "confirm": "on"], cookie: owner)
            #expect(wrong.status == .forbidden)
            #expect(String(buffer: wrong.body).contains(#"name="confirm" value="on" required checked>"#), "only the password is to type again")
            #expect(try await api.hasAccount(Self.owner))
            let forged = try await client.post(
                "/settings/leave", form: ["csrf_token": "forged", "password": InProcessFeedAPI.password, "confirm": "on"], cookie: owner)
            #expect(forged.status == .forbidden)
            #expect(try await api.hasAccount(Self.owner))

            let left = try await client.post(
                "/settings/leave", form: ["csrf_token": token, "password": InProcessFeedAPI.password, "confirm": "on"], cookie: owner)

            #expect(left.status == .seeOther && left.headers[.location] == "/goodbye", "a reload sends nothing again")
            let goodbye = try await client.execute(uri: "/goodbye", method: .get)
            #expect(goodbye.status == .ok)
            #expect(String(buffer: goodbye.body).contains("<title>Account deleted</title>"))
            #expect(String(buffer: goodbye.body).contains("Your account is deleted."))
            #expect(String(buffer: goodbye.body).contains(#"href="/login">Go to the log-in page</a>"#), "there is no feed to go back to")
            #expect(left.headers[HTTPField.Name("Clear-Site-Data")!] == #""cache", "storage""#, "the browser forgets its copies and offline pages")
            #expect(left.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await api.hasAccount(Self.owner) == false)
            let afterwards = try await client.execute(uri: "/settings/data", method: .get, headers: [.cookie: owner])
            #expect(afterwards.status == .seeOther, "the session is over")
        }
    }

    private func page(_ path: String, _ client: some TestClientProtocol, _ cookie: String) async throws -> String {
        let response = try await client.execute(uri: path, method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok, "\(path)")
        return String(buffer: response.body)
    }

    private func makeApp(api: InProcessFeedAPI) async -> some ApplicationProtocol {
        await AppServer.buildApplication(.init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}
