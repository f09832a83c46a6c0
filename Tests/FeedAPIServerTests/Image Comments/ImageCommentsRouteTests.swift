import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct ImageCommentsRouteTests {
    private func commentsPath(_ id: String) -> String { "/essential-feed/v1/image/\(id)/comments" }

    @Test func getComments_deliversTheImagesCommentsNewestFirstInThePayloadFormat() async throws {
        let newest = makeComment("newest", createdAt: Date(timeIntervalSince1970: 1_589_973_899), username: "a username")
        let tiedFirst = makeComment("tied first", createdAt: Date(timeIntervalSince1970: 1_589_898_233), username: "another")
        let tiedSecond = makeComment("tied \"second\"", createdAt: Date(timeIntervalSince1970: 1_589_898_233), username: "Ζωή")
        let item = makeItem(1, comments: [tiedFirst, tiedSecond, newest])
        let (app, _) = try await makeSUT(items: [item, makeItem(2, comments: [makeComment("other", createdAt: .now)])])

        try await app.test(.router) { client in
            let response = try await client.execute(uri: commentsPath(item.id.uuidString), method: .get)

            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let json = try jsonItems(response.body)
            #expect(json.map { $0["id"] as? String } == [newest, tiedFirst, tiedSecond].map(\.id.uuidString))
            #expect(json.map { $0["message"] as? String } == ["newest", "tied first", "tied \"second\""])
            #expect(
                json.map { $0["created_at"] as? String } == [
                    "2020-05-20T11:24:59+0000", "2020-05-19T14:23:53+0000", "2020-05-19T14:23:53+0000"
                ])
            #expect(json.map { ($0["author"] as? [String: Any])?["username"] as? String } == ["a username", "another", "Ζωή"])
            #expect(json.allSatisfy { Set($0.keys) == ["id", "message", "created_at", "author"] })
        }
    }

    @Test func getComments_namesTheAuthorOfACommentWithAnAccount() async throws {
        let item = makeItem(1, comments: [makeComment("hello", createdAt: .now, username: "maria.silva")])
        let (app, repository) = try await makeSUT(items: [item])
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria Silva", passwordHash: "!", createdAt: Date())

        try await app.test(.router) { client in
            let json = try jsonItems(try await client.execute(uri: commentsPath(item.id.uuidString), method: .get).body)
            #expect(
                json.first?["author"] as? NSDictionary
                    == ["username": "maria.silva", "name": "Maria Silva", "display_name": "Maria Silva", "avatar": NSNull()])
        }
    }

    @Test func getComments_deliversNoItemsForAnImageWithoutComments() async throws {
        let item = makeItem(1)
        let (app, _) = try await makeSUT(items: [item])

        try await app.test(.router) { client in
            let response = try await client.execute(uri: commentsPath(item.id.uuidString.lowercased()), method: .get)

            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == #"{"items":[]}"#)
        }
    }

    @Test func getComments_answersNotFoundProblemForAnUnknownImage() async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: commentsPath(UUID().uuidString), method: .get)

            try expectProblem(response, status: .notFound, type: "/essential-feed/problems/unknown-image")
        }
    }

    @Test(arguments: ["not-a-uuid", "1234", "%20", "00000000-0000-0000-0000-00000000000G"])
    func getComments_answersBadRequestProblemForAMalformedImageID(id: String) async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: commentsPath(id), method: .get)

            try expectProblem(response, status: .badRequest, type: "/essential-feed/problems/invalid-path-parameter")
        }
    }

    @Test func getComments_answersNotModifiedForAMatchingETag() async throws {
        let item = makeItem(1, comments: [makeComment("hi", createdAt: .now)])
        let (app, _) = try await makeSUT(items: [item])

        try await app.test(.router) { client in
            let first = try await client.execute(uri: commentsPath(item.id.uuidString), method: .get)
            let etag = try #require(first.headers[.eTag])
            let again = try await client.execute(uri: commentsPath(item.id.uuidString), method: .get, headers: [.ifNoneMatch: etag])

            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test func getComments_deliversCommentsOfAnImageAppendedAfterItWasUnknown() async throws {
        let (app, repository) = try await makeSUT(items: makeItems(1))
        let item = makeItem(2, comments: [makeComment("hi", createdAt: .now)])

        try await app.test(.router) { client in
            let before = try await client.execute(uri: commentsPath(item.id.uuidString), method: .get)
            try await repository.append([item])
            let after = try await client.execute(uri: commentsPath(item.id.uuidString), method: .get)

            #expect(before.status == .notFound)
            #expect(after.status == .ok)
            #expect(try ids(after.body) == item.comments.map(\.id.uuidString))
        }
    }
}
