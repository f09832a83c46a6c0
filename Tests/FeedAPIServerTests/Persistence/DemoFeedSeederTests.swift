import Foundation
import Testing
@testable import FeedAPIServer

@Suite struct DemoFeedSeederTests {
    @Test func seedIfEmpty_storesTheDemoItemsTheirImagesAndCommentsInOrder() async throws {
        let repository = try await makeRepository()
        let sut = DemoFeedSeeder(repository: repository)
        let demo = makeDemoFeed()

        #expect(try await sut.seedIfEmpty(with: demo))

        let page = try await repository.feedPage(after: nil, limit: 10)
        #expect(page.map(\.id) == demo.map(\.id))
        #expect(page.map(\.description) == demo.map(\.description))
        #expect(page.map(\.location) == demo.map(\.location))
        #expect(try await repository.image(withDigest: page[1].image.digest)?.data == demo[1].image.data)
        #expect(page.map(\.image.format) == [.png, .jpeg])
        let comments = try await repository.comments(onImage: demo[0].id)
        #expect(comments?.map(\.id) == demo[0].comments.map(\.id))
        #expect(comments?.map(\.username) == demo[0].comments.map(\.username))
    }

    @Test func seedIfEmpty_namesTheAuthorsOfTheDemoPostsOnceTheirAccountsExist() async throws {
        let repository = try await makeRepository()
        _ = try await DemoAccountsSeeder(accounts: repository.accounts, hasher: PasswordHasher(cost: 4))
            .createMissingAccounts(at: Date())
        let demo = try DemoFeed.make(now: Date(timeIntervalSince1970: 1_700_000_000))

        #expect(try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: demo))

        let page = try await repository.feedPage(after: nil, limit: 10)
        let names = Dictionary(uniqueKeysWithValues: DemoAccounts.people.map { ($0.username, $0.name) })
        #expect(page.map(\.author?.username) == demo.prefix(10).map(\.author))
        #expect(page.allSatisfy { $0.author.map { names[$0.username] == $0.name } == true })
    }

    @Test func seedIfEmpty_leavesADatabaseWithItemsAsItIs() async throws {
        let existing = makeItems(1)
        let repository = try await makeRepository(items: existing)

        #expect(try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: makeDemoFeed()) == false)
        #expect(try await repository.feedPage(after: nil, limit: 10).map(\.id) == existing.map(\.id))
    }

    @Test func seedIfEmpty_rejectsAnImageTypeTheAPIDoesNotServeAndStoresNothing() async throws {
        let repository = try await makeRepository()
        var demo = makeDemoFeed()
        demo.append(DemoFeedItem(
            id: UUID(), description: nil, location: nil,
            image: DemoImage(data: Data([1, 2, 3]), contentType: "image/gif"), comments: []))

        await #expect(throws: DemoFeedSeeder.UnsupportedImageType.self) {
            try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: demo)
        }
        #expect(try await repository.feedPage(after: nil, limit: 10).isEmpty)
    }

    private func makeDemoFeed() -> [DemoFeedItem] {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        return [
            DemoFeedItem(
                id: UUID(), description: "Description 1", location: "Location 1",
                image: DemoImage(data: Data([0x89, 0x50, 1]), contentType: "image/png"),
                comments: [
                    DemoComment(id: UUID(), message: "newer", createdAt: now, username: "ana"),
                    DemoComment(id: UUID(), message: "older", createdAt: now.addingTimeInterval(-60), username: "bo"),
                ]),
            DemoFeedItem(
                id: UUID(), description: nil, location: "Location 2",
                image: DemoImage(data: Data([0xFF, 0xD8, 2]), contentType: "image/jpeg"), comments: []),
        ]
    }
}
