import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

/// What every feed repository does, on each database the API runs on.
@Suite("Feed repository: what every database does")
struct FeedRepositorySpecs {
    @Test(arguments: StorageKind.all)
    func feedPage_deliversAppendedItemsInTheOrderTheyWereAppended(_ kind: StorageKind) async throws {
        let items = makeItems(5)
        let sut = try await kind.make().with(items: Array(items[0..<2])).feed
        try await sut.append(Array(items[2...]))

        let page = try await sut.feedPage(after: nil, limit: 10)

        #expect(page.map(\.id) == items.map(\.id))
        #expect(page.map(\.description) == items.map(\.description))
        #expect(page.map(\.location) == items.map(\.location))
        #expect(page.map(\.image.digest) == items.map { ImageDigest(of: $0.image.data) })
        #expect(page.map(\.image.format) == items.map(\.image.format))
    }

    @Test(arguments: StorageKind.all)
    func feedPage_deliversAbsentDescriptionAndLocationAsNil(_ kind: StorageKind) async throws {
        let item = NewFeedItem(id: UUID(), description: nil, location: nil, image: pngImage(1), comments: [])
        let sut = try await kind.make().with(items: [item]).feed

        let page = try await sut.feedPage(after: nil, limit: 10)

        #expect(page.first?.description == nil)
        #expect(page.first?.location == nil)
    }

    @Test(arguments: StorageKind.all)
    func feedPage_deliversAtMostLimitItemsStrictlyAfterTheGivenItem(_ kind: StorageKind) async throws {
        let items = makeItems(6)
        let sut = try await kind.make().with(items: items).feed

        #expect(try await sut.feedPage(after: items[1].id, limit: 3).map(\.id) == items[2..<5].map(\.id))
        #expect(try await sut.feedPage(after: items[4].id, limit: 3).map(\.id) == [items[5].id])
        #expect(try await sut.feedPage(after: items[5].id, limit: 3).isEmpty)
    }

    @Test(arguments: StorageKind.all)
    func feedPage_throwsUnknownFeedItemForAnIdNotInTheFeed(_ kind: StorageKind) async throws {
        let sut = try await kind.make().with(items: makeItems(2)).feed
        let unknown = UUID()

        await #expect(throws: FeedRepositoryError.unknownFeedItem(unknown)) {
            try await sut.feedPage(after: unknown, limit: 10)
        }
    }

    @Test(arguments: StorageKind.all)
    func comments_deliversNilForAnImageNotInTheFeed(_ kind: StorageKind) async throws {
        let sut = try await kind.make().with(items: makeItems(1)).feed

        #expect(try await sut.comments(onImage: UUID()) == nil)
    }

    @Test(arguments: StorageKind.all)
    func comments_deliversNoCommentsForAnImageWithout(_ kind: StorageKind) async throws {
        let item = makeItem(1)
        let sut = try await kind.make().with(items: [item]).feed

        #expect(try await sut.comments(onImage: item.id) == [])
    }

    @Test(arguments: StorageKind.all)
    func comments_deliversTheImagesCommentsNewestFirstKeepingAppendOrderAmongEqualDates(_ kind: StorageKind) async throws {
        let now = Date(timeIntervalSince1970: 1_600_000_000)
        let oldest = makeComment("oldest", createdAt: now.addingTimeInterval(-100))
        let newest = makeComment("newest", createdAt: now)
        let tiedFirst = makeComment("tied first", createdAt: now.addingTimeInterval(-50))
        let tiedSecond = makeComment("tied second", createdAt: now.addingTimeInterval(-50))
        let item = makeItem(1, comments: [oldest, tiedFirst, newest, tiedSecond])
        let other = makeItem(2, comments: [makeComment("elsewhere", createdAt: now)])
        let sut = try await kind.make().with(items: [item, other]).feed

        let comments = try await sut.comments(onImage: item.id)

        #expect(comments == [newest, tiedFirst, tiedSecond, oldest])
    }

    @Test(arguments: StorageKind.all)
    func image_deliversStoredBytesAndFormatByDigest(_ kind: StorageKind) async throws {
        let png = makeItem(1, image: pngImage(1))
        let jpeg = makeItem(2, image: jpegImage(2))
        let sut = try await kind.make().with(items: [png, jpeg]).feed

        #expect(try await sut.image(withDigest: ImageDigest(of: png.image.data)) == png.image)
        #expect(try await sut.image(withDigest: ImageDigest(of: jpeg.image.data)) == jpeg.image)
        #expect(try await sut.image(withDigest: ImageDigest(of: Array("unknown".utf8))) == nil)
    }

    @Test(arguments: StorageKind.all)
    func append_storesNothingWhenAnyItemFails(_ kind: StorageKind) async throws {
        let existing = makeItem(1)
        let sut = try await kind.make().with(items: [existing]).feed
        let versionBefore = sut.dataVersion
        let duplicate = NewFeedItem(id: existing.id, description: nil, location: nil, image: pngImage(9), comments: [])

        await #expect(throws: (any Error).self) {
            try await sut.append([makeItem(2), duplicate])
        }

        #expect(try await sut.feedPage(after: nil, limit: 10).map(\.id) == [existing.id])
        #expect(sut.dataVersion == versionBefore)
    }

    @Test(arguments: StorageKind.all)
    func append_changesTheDataVersion(_ kind: StorageKind) async throws {
        let sut = try await kind.make().feed
        let before = sut.dataVersion

        try await sut.append([makeItem(1)])

        #expect(sut.dataVersion > before)
    }

    @Test(arguments: StorageKind.all)
    func appendIfEmpty_appendsToAnEmptyFeed(_ kind: StorageKind) async throws {
        let sut = try await kind.make().feed
        let items = makeItems(2)

        #expect(try await sut.appendIfEmpty(items))
        #expect(try await sut.feedPage(after: nil, limit: 10).map(\.id) == items.map(\.id))
    }

    @Test(arguments: StorageKind.all)
    func appendIfEmpty_leavesAFeedWithItemsAsItIs(_ kind: StorageKind) async throws {
        let existing = makeItems(1)
        let sut = try await kind.make().with(items: existing).feed
        let versionBefore = sut.dataVersion

        #expect(try await sut.appendIfEmpty(makeItems(2)) == false)
        #expect(try await sut.feedPage(after: nil, limit: 10).map(\.id) == existing.map(\.id))
        #expect(sut.dataVersion == versionBefore)
    }

    @Test(arguments: StorageKind.all)
    func feedPage_deliversTheAuthorOfEachItemPostedByAnAccount(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let sut = stores.feed
        _ = try await stores.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria Silva", passwordHash: "!", createdAt: Date())
        var posted = makeItem(1)
        posted.authorUsername = "maria.silva"
        var unknownAuthor = makeItem(2)
        unknownAuthor.authorUsername = "nobody"
        try await sut.append([posted, unknownAuthor, makeItem(3)])

        let page = try await sut.feedPage(after: nil, limit: 10)

        #expect(page.map(\.author) == [Author(username: "maria.silva", name: "Maria Silva"), nil, nil])
    }

    @Test(arguments: StorageKind.all)
    func comments_nameTheirAuthorsWhoHaveAnAccount(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let sut = stores.feed
        _ = try await stores.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria Silva", passwordHash: "!", createdAt: Date())
        try await sut.append([
            makeItem(
                1,
                comments: [
                    makeComment("with an account", createdAt: Date(timeIntervalSince1970: 2), username: "maria.silva"),
                    makeComment("without one", createdAt: Date(timeIntervalSince1970: 1), username: "a.visitor")
                ])
        ])
        let item = try #require(try await sut.feedPage(after: nil, limit: 1).first)

        let comments = try #require(try await sut.comments(onImage: item.id))

        #expect(comments.map(\.authorName) == ["Maria Silva", nil])
        #expect(comments.map(\.username) == ["maria.silva", "a.visitor"])
    }

    @Test(arguments: StorageKind.all)
    func removingAnAccount_keepsItsPostsWithoutAuthor(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let sut = stores.feed
        let username = try #require(Username("maria.silva"))
        _ = try await stores.accounts.createAccount(username: username, name: "Maria Silva", passwordHash: "!", createdAt: Date())
        var posted = makeItem(1)
        posted.authorUsername = username.value
        try await sut.append([posted])

        #expect(try await stores.accounts.removeAccount(named: username))

        let page = try await sut.feedPage(after: nil, limit: 10)
        #expect(page.map(\.id) == [posted.id])
        #expect(page.first?.author == nil)
    }

    @Test(arguments: StorageKind.all)
    func concurrentReadsAndWrites_deliverConsistentPages(_ kind: StorageKind) async throws {
        let initial = makeItems(20)
        let sut = try await kind.make().with(items: initial).feed
        let appended = makeItems(20)

        try await withThrowingTaskGroup(of: [UUID].self) { group in
            group.addTask {
                for item in appended { try await sut.append([item]) }
                return []
            }
            for _ in 0..<4 {
                group.addTask { try await sut.feedPage(after: initial[4].id, limit: 30).map(\.id) }
            }
            let all = (initial + appended).map(\.id)
            for try await page in group where !page.isEmpty {
                #expect(page.count >= 15)
                #expect(page == Array(all[5..<(5 + page.count)]))
            }
        }
    }
}
