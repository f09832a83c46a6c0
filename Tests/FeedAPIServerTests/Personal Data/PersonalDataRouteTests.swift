import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MediaPipeline
import NIOPosix
import Testing
import ZIPFoundation

@testable import FeedAPIServer
@testable import FeedAPIStorage
@testable import PersonalArchives

/// `/v1/me/export` and `/v1/me/import` through the router, as a client uses them.
@Suite("Personal data: the export and import routes")
struct PersonalDataRouteTests {
    private static let password = "correct horse battery"

    @Test func anExport_runsInTheBackground_thenDownloadsWithTheSameToken_untilItExpires() async throws {
        let sut = try await makeSUT()
        try await sut.app.test(.router) { client in
            let ann = try await client.token(of: "ann", password: Self.password)
            let ben = try await client.token(of: "ben", password: Self.password)
            #expect(try await client.send(.get, "me/export", token: ann).status == .notFound)

            let started = try await client.send(.post, "me/export", token: ann)
            #expect(started.status == .accepted)
            #expect(try jsonObject(started.body)["state"] as? String == "running")
            await sut.jobs.waitForRunningJobs()

            let ready = try await client.send(.get, "me/export", token: ann)
            let status = try jsonObject(ready.body)
            #expect(ready.status == .ok)
            #expect(status["state"] as? String == "ready" && status["progress"] as? Double == 1)
            #expect(status["url"] as? String == "http://feed.test:8080/essential-feed/v1/me/export/archive")
            #expect(status["expires_at"] as? String == "2026-09-28T14:13:20+0000", "seven days after it started")
            let size = try #require(status["size"] as? Int)

            let download = try await client.send(.get, "me/export/archive", token: ann)
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"essential-feed-ann-") == true)
            #expect(download.body.readableBytes == size)
            let archive = try Archive(data: Data(buffer: download.body), accessMode: .read)
            #expect(archive["profile.json"] != nil)
            #expect(archive.contains { $0.path.hasPrefix("photos/") && $0.path.hasSuffix(".jpg") })

            #expect(try await client.send(.get, "me/export", token: ben).status == .notFound, "each person's own")
            #expect(try await client.send(.get, "me/export/archive", token: ben).status == .notFound)
            #expect(try await client.send(.get, "me/export/archive", token: nil).status == .unauthorized)

            sut.clock.advance(by: 7 * 86_400)
            #expect(try await client.send(.get, "me/export", token: ann).status == .notFound)
            #expect(try await client.send(.get, "me/export/archive", token: ann).status == .notFound)
        }
    }

    @Test func anExpiredArchive_isDeleted_evenIfItsOwnerNeverComesBack() async throws {
        let sut = try await makeSUT()
        try await sut.app.test(.router) { client in
            let ann = try await client.token(of: "ann", password: Self.password)
            let ben = try await client.token(of: "ben", password: Self.password)
            #expect(try await client.send(.post, "me/export", token: ann).status == .accepted)
            await sut.jobs.waitForRunningJobs()
            let annsArchive = sut.directory.appendingPathComponent("\(sut.annID)/export.zip").path
            #expect(FileManager.default.fileExists(atPath: annsArchive))

            sut.clock.advance(by: 7 * 86_400 + 1)
            #expect(try await client.send(.post, "me/export", token: ben).status == .accepted)
            await sut.jobs.waitForRunningJobs()

            #expect(FileManager.default.fileExists(atPath: annsArchive) == false)
        }
    }

    @Test func aSecondExport_waitsForTheFirst_unlessTheFirstWasInterrupted() async throws {
        let sut = try await makeSUT()
        try await sut.app.test(.router) { client in
            let ann = try await client.token(of: "ann", password: Self.password)
            try writeStatus(#"{"state":"running","progress":0.4,"started_at":"2026-09-21T14:13:20Z","updated_at":"2026-09-21T14:13:20Z"}"#, of: sut.annID, in: sut)

            let refused = try await client.send(.post, "me/export", token: ann)
            #expect(refused.status == .conflict)
            #expect(try jsonObject(refused.body)["type"] as? String == "/essential-feed/problems/job-running")

            sut.clock.advance(by: 2 * 60)
            #expect(try await client.send(.post, "me/export", token: ann).status == .conflict, "two minutes of silence may be one slow step")
            sut.clock.advance(by: 1)
            let interrupted = try jsonObject(try await client.send(.get, "me/export", token: ann).body)
            #expect(interrupted["state"] as? String == "failed")
            #expect(try await client.send(.post, "me/export", token: ann).status == .accepted)
            await sut.jobs.waitForRunningJobs()
        }
    }

    @Test func anImport_takesTheArchiveAsAFormPart_andReportsWhatItPosted() async throws {
        let sut = try await makeSUT()
        let archive = try PersonalArchiveRouteFixture.archive(photoCount: 2)
        try await sut.app.test(.router) { client in
            let ben = try await client.token(of: "ben", password: Self.password)
            #expect(try await client.send(.get, "me/import", token: ben).status == .notFound)

            let started = try await upload(archive, to: client, token: ben)
            #expect(started.status == .accepted)
            await sut.jobs.waitForRunningJobs()

            let done = try jsonObject(try await client.send(.get, "me/import", token: ben).body)
            #expect(done["state"] as? String == "ready")
            let report = try #require(done["report"] as? [String: Any])
            #expect((report["imported"] as? [String])?.count == 2)
            #expect((report["skipped"] as? [Any])?.isEmpty == true)
            let profile = try jsonObject(try await client.send(.get, "accounts/ben/feed", token: ben).body)
            let descriptions = (profile["items"] as? [[String: Any]])?.compactMap { $0["description"] as? String }
            #expect(descriptions == ["ben's photo", "Imported 1", "Imported 0"], "old photos go below, newest first")

            let notAnArchive = try await upload(Data("hello".utf8), to: client, token: ben)
            #expect(notAnArchive.status == .accepted)
            await sut.jobs.waitForRunningJobs()
            let failed = try jsonObject(try await client.send(.get, "me/import", token: ben).body)
            #expect(failed["state"] as? String == "failed")
            #expect(failed["reason"] as? String == "The file is not a ZIP archive.")
        }
    }

    @Test func archivesArrive_oneAtATimePerPerson_andAFewAtATimeInAll() async throws {
        let sut = try await makeSUT()
        await sut.jobs.setLimits(maximumRunning: 2, maximumUploads: 2)

        try await sut.jobs.beginUpload(accountID: sut.annID)
        await #expect(throws: PersonalArchiveJobs.Refusal.alreadyRunning) { try await sut.jobs.beginUpload(accountID: sut.annID) }
        try await sut.jobs.beginUpload(accountID: sut.benID)
        await #expect(throws: PersonalArchiveJobs.Refusal.busy) { try await sut.jobs.beginUpload(accountID: 99) }
        await sut.jobs.endUpload(accountID: sut.annID)
        try await sut.jobs.beginUpload(accountID: sut.annID)
    }

    @Test func anImport_withoutAFile_orNotAForm_isRefusedBeforeAnythingStarts() async throws {
        let sut = try await makeSUT()
        try await sut.app.test(.router) { client in
            let ben = try await client.token(of: "ben", password: Self.password)
            let boundary = "b-\(UUID().uuidString)"
            let empty = try await client.execute(
                uri: "/essential-feed/v1/me/import", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .authorization: "Bearer \(ben)"],
                body: ByteBuffer(string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n--\(boundary)--\r\n"))
            #expect(empty.status == .badRequest)
            #expect(try await client.send(.post, "me/import", token: ben, json: ["file": "x"]).status == .unsupportedMediaType)
            #expect(try await client.send(.post, "me/import", token: nil).status == .unauthorized)
            #expect(try await client.send(.get, "me/import", token: ben).status == .notFound)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sut.directory.appendingPathComponent("\(sut.benID)").path).isEmpty)
        }
    }

    @Test func leaving_asksForThePassword_thenEndsTheAccountItsSessionsAndItsArchives() async throws {
        let sut = try await makeSUT()
        try await sut.app.test(.router) { client in
            let ann = try await client.token(of: "ann", password: Self.password)
            #expect(try await client.send(.post, "me/export", token: ann).status == .accepted)
            await sut.jobs.waitForRunningJobs()

            let wrong = try await client.send(.delete, "me", token: ann, json: ["password": "not it at all"])
            #expect(wrong.status == .forbidden)
            #expect(try jsonObject(wrong.body)["type"] as? String == "/essential-feed/problems/wrong-password")
            #expect(try await client.send(.delete, "me", token: ann).status == .badRequest)
            #expect(try await client.send(.delete, "me", token: nil, json: ["password": Self.password]).status == .unauthorized)

            #expect(try await client.send(.delete, "me", token: ann, json: ["password": Self.password]).status == .noContent)

            #expect(try await client.send(.get, "me", token: ann).status == .unauthorized, "every session ends")
            #expect(try await client.send(.get, "accounts/ann", token: nil).status == .notFound)
            #expect(FileManager.default.fileExists(atPath: sut.directory.appendingPathComponent("\(sut.annID)").path) == false)
            let logIn = try await client.execute(
                uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: ["username": "ann", "password": Self.password])))
            #expect(logIn.status == .unauthorized)
            let bens = try await client.token(of: "ben", password: Self.password)
            #expect(try await client.send(.get, "me", token: bens).status == .ok, "nobody else's")
        }
    }

    // MARK: - Helpers

    private struct SUT {
        let app: any ApplicationProtocol
        let jobs: PersonalArchiveJobs
        let clock: TestClock
        let directory: URL
        let annID: Int64
        let benID: Int64
    }

    private func makeSUT() async throws -> SUT {
        let database = try await makeDatabase()
        let hasher = PasswordHasher(cost: 4)
        let passwordHash = try await hasher.hash(Self.password)
        let clock = TestClock()
        var ids: [Int64] = []
        for (index, name) in ["ann", "ben"].enumerated() {
            ids.append(
                try await database.accounts.createAccount(
                    username: try #require(Username(name)), name: name.capitalized, passwordHash: passwordHash, createdAt: clock.now
                ).id)
            var item = NewFeedItem(
                id: UUID(), description: "\(name)'s photo", location: nil,
                photo: try PhotoProcessor().process(try photoFile(width: 64, height: 48, seed: index)), authorUsername: name, createdAt: clock.now)
            item.visibility = .public
            _ = try await database.feed.publish(item)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archives-\(UUID().uuidString)", isDirectory: true)
        let jobs = personalArchiveJobs(
            in: directory, storage: database, threads: NIOThreadPool.singleton, logger: Logger(label: "test"), now: { clock.now })
        var options = APIRouteOptions(hasher: hasher)
        options.now = { clock.now }
        options.archives = jobs
        let app = Application(
            router: try buildRouter(
                repository: database.feed, accounts: database.accounts, social: database.social, publicURL: testPublicURL, options: options))
        return SUT(app: app, jobs: jobs, clock: clock, directory: directory, annID: ids[0], benID: ids[1])
    }

    private func writeStatus(_ json: String, of accountID: Int64, in sut: SUT) throws {
        let folder = sut.directory.appendingPathComponent(String(accountID), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent("export.json"))
    }

    private func upload(_ archive: Data, to client: some TestClientProtocol, token: String) async throws -> TestResponse {
        let boundary = "essential-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"archive.zip\"\r\nContent-Type: application/zip\r\n\r\n".utf8)
        body += archive + Data("\r\n--\(boundary)--\r\n".utf8)
        return try await client.execute(
            uri: "/essential-feed/v1/me/import", method: .post,
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .authorization: "Bearer \(token)"], body: ByteBuffer(bytes: body))
    }
}

/// An archive as an export writes it, with `photoCount` photos and their descriptions.
enum PersonalArchiveRouteFixture {
    static func archive(photoCount: Int) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for index in 0..<photoCount {
            let photo = try photoFile(width: 80, height: 60, seed: 100 + index)
            let id = UUID()
            let day = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400)
            let name = ArchiveLayout.photoFile(id: id, createdAt: day, fileExtension: "jpg")
            let post = ArchivedPost(id: id, file: name, description: "Imported \(index)", createdAt: day)
            for (data, entry) in [(photo, name), (try ArchiveJSON.encoder().encode(post), ArchiveLayout.descriptionFile(ofPhoto: name))] {
                try archive.addEntry(with: entry, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                    data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
                }
            }
        }
        return try #require(archive.data)
    }
}
