import Foundation
import GRDB
import Testing
@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct SQLiteFeedRepositoryTests {
    @Test func init_createsTheDatabaseFileWithItsSchema() async throws {
        let path = temporaryDatabasePath()

        let sut = try await makeRepository(path: path)

        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try await sut.feedPage(after: nil, limit: 10).isEmpty)
    }

    @Test func feedPage_deliversAppendedItemsInTheOrderTheyWereAppended() async throws {
        let items = makeItems(5)
        let sut = try await makeRepository(items: Array(items[0..<2]))
        try await sut.append(Array(items[2...]))

        let page = try await sut.feedPage(after: nil, limit: 10)

        #expect(page.map(\.id) == items.map(\.id))
        #expect(page.map(\.description) == items.map(\.description))
        #expect(page.map(\.location) == items.map(\.location))
        #expect(page.map(\.image.digest) == items.map { ImageDigest(of: $0.image.data) })
        #expect(page.map(\.image.format) == items.map(\.image.format))
    }

    @Test func feedPage_deliversAbsentDescriptionAndLocationAsNil() async throws {
        let item = NewFeedItem(id: UUID(), description: nil, location: nil, image: pngImage(1), comments: [])
        let sut = try await makeRepository(items: [item])

        let page = try await sut.feedPage(after: nil, limit: 10)

        #expect(page.first?.description == nil)
        #expect(page.first?.location == nil)
    }

    @Test func feedPage_deliversAtMostLimitItemsStrictlyAfterTheGivenItem() async throws {
        let items = makeItems(6)
        let sut = try await makeRepository(items: items)

        #expect(try await sut.feedPage(after: items[1].id, limit: 3).map(\.id) == items[2..<5].map(\.id))
        #expect(try await sut.feedPage(after: items[4].id, limit: 3).map(\.id) == [items[5].id])
        #expect(try await sut.feedPage(after: items[5].id, limit: 3).isEmpty)
    }

    @Test func feedPage_throwsUnknownFeedItemForAnIdNotInTheFeed() async throws {
        let sut = try await makeRepository(items: makeItems(2))
        let unknown = UUID()

        await #expect(throws: FeedRepositoryError.unknownFeedItem(unknown)) {
            try await sut.feedPage(after: unknown, limit: 10)
        }
    }

    @Test func feedPage_readsByAnIndexRangeWhateverThePageDepth() async throws {
        let path = temporaryDatabasePath()
        _ = try await makeRepository(path: path, items: makeItems(3))
        let database = try DatabaseQueue(path: path)

        let plan = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteFeedRepository.pageQuery, arguments: [0, 10]).map { $0["detail"] as String }
        }.joined(separator: "\n")
        let positionLookup = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteFeedRepository.positionQuery, arguments: ["x"]).map { $0["detail"] as String }
        }.joined(separator: "\n")

        #expect(plan.contains("SEARCH feed_item USING INTEGER PRIMARY KEY (rowid>?)"), "\(plan)")
        #expect(!plan.contains("SCAN"), "\(plan)")
        #expect(positionLookup.contains("USING COVERING INDEX sqlite_autoindex_feed_item_1"), "\(positionLookup)")
    }

    @Test func comments_deliversNilForAnImageNotInTheFeed() async throws {
        let sut = try await makeRepository(items: makeItems(1))

        #expect(try await sut.comments(onImage: UUID()) == nil)
    }

    @Test func comments_deliversNoCommentsForAnImageWithout() async throws {
        let item = makeItem(1)
        let sut = try await makeRepository(items: [item])

        #expect(try await sut.comments(onImage: item.id) == [])
    }

    @Test func comments_deliversTheImagesCommentsNewestFirstKeepingAppendOrderAmongEqualDates() async throws {
        let now = Date(timeIntervalSince1970: 1_600_000_000)
        let oldest = makeComment("oldest", createdAt: now.addingTimeInterval(-100))
        let newest = makeComment("newest", createdAt: now)
        let tiedFirst = makeComment("tied first", createdAt: now.addingTimeInterval(-50))
        let tiedSecond = makeComment("tied second", createdAt: now.addingTimeInterval(-50))
        let item = makeItem(1, comments: [oldest, tiedFirst, newest, tiedSecond])
        let other = makeItem(2, comments: [makeComment("elsewhere", createdAt: now)])
        let sut = try await makeRepository(items: [item, other])

        let comments = try await sut.comments(onImage: item.id)

        #expect(comments == [newest, tiedFirst, tiedSecond, oldest])
    }

    @Test func image_deliversStoredBytesAndFormatByDigest() async throws {
        let png = makeItem(1, image: pngImage(1))
        let jpeg = makeItem(2, image: jpegImage(2))
        let sut = try await makeRepository(items: [png, jpeg])

        #expect(try await sut.image(withDigest: ImageDigest(of: png.image.data)) == png.image)
        #expect(try await sut.image(withDigest: ImageDigest(of: jpeg.image.data)) == jpeg.image)
        #expect(try await sut.image(withDigest: ImageDigest(of: Array("unknown".utf8))) == nil)
    }

    @Test func append_storesSharedImageBytesOnceForManyItems() async throws {
        let shared = pngImage(7)
        let path = temporaryDatabasePath()
        let sut = try await makeRepository(path: path, items: [makeItem(1, image: shared), makeItem(2, image: shared)])
        try await sut.append([makeItem(3, image: shared)])

        let page = try await sut.feedPage(after: nil, limit: 10)
        let imageCount = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM image") }

        #expect(Set(page.map(\.image.digest)).count == 1)
        #expect(imageCount == 1)
    }

    @Test func append_storesNothingWhenAnyItemFails() async throws {
        let existing = makeItem(1)
        let sut = try await makeRepository(items: [existing])
        let versionBefore = sut.dataVersion
        let duplicate = NewFeedItem(id: existing.id, description: nil, location: nil, image: pngImage(9), comments: [])

        await #expect(throws: (any Error).self) {
            try await sut.append([makeItem(2), duplicate])
        }

        #expect(try await sut.feedPage(after: nil, limit: 10).map(\.id) == [existing.id])
        #expect(sut.dataVersion == versionBefore)
    }

    @Test func append_changesTheDataVersion() async throws {
        let sut = try await makeRepository()
        let before = sut.dataVersion

        try await sut.append([makeItem(1)])

        #expect(sut.dataVersion > before)
    }

    @Test func appendIfEmpty_appendsToAnEmptyFeed() async throws {
        let sut = try await makeRepository()
        let items = makeItems(2)

        #expect(try await sut.appendIfEmpty(items))
        #expect(try await sut.feedPage(after: nil, limit: 10).map(\.id) == items.map(\.id))
    }

    @Test func appendIfEmpty_leavesAFeedWithItemsAsItIs() async throws {
        let existing = makeItems(1)
        let sut = try await makeRepository(items: existing)
        let versionBefore = sut.dataVersion

        #expect(try await sut.appendIfEmpty(makeItems(2)) == false)
        #expect(try await sut.feedPage(after: nil, limit: 10).map(\.id) == existing.map(\.id))
        #expect(sut.dataVersion == versionBefore)
    }

    @Test func feedPage_deliversTheAuthorOfEachItemPostedByAnAccount() async throws {
        let sut = try await makeRepository()
        _ = try await sut.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria Silva", passwordHash: "!", createdAt: Date())
        var posted = makeItem(1)
        posted.authorUsername = "maria.silva"
        var unknownAuthor = makeItem(2)
        unknownAuthor.authorUsername = "nobody"
        try await sut.append([posted, unknownAuthor, makeItem(3)])

        let page = try await sut.feedPage(after: nil, limit: 10)

        #expect(page.map(\.author) == [Author(username: "maria.silva", name: "Maria Silva"), nil, nil])
    }

    @Test func comments_nameTheirAuthorsWhoHaveAnAccount() async throws {
        let sut = try await makeRepository()
        _ = try await sut.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria Silva", passwordHash: "!", createdAt: Date())
        try await sut.append([makeItem(1, comments: [
            makeComment("with an account", createdAt: Date(timeIntervalSince1970: 2), username: "maria.silva"),
            makeComment("without one", createdAt: Date(timeIntervalSince1970: 1), username: "a.visitor"),
        ])])
        let item = try #require(try await sut.feedPage(after: nil, limit: 1).first)

        let comments = try #require(try await sut.comments(onImage: item.id))

        #expect(comments.map(\.authorName) == ["Maria Silva", nil])
        #expect(comments.map(\.username) == ["maria.silva", "a.visitor"])
    }

    @Test func removingAnAccount_keepsItsPostsWithoutAuthor() async throws {
        let sut = try await makeRepository()
        let username = try #require(Username("maria.silva"))
        _ = try await sut.accounts.createAccount(username: username, name: "Maria Silva", passwordHash: "!", createdAt: Date())
        var posted = makeItem(1)
        posted.authorUsername = username.value
        try await sut.append([posted])

        #expect(try await sut.accounts.removeAccount(named: username))

        let page = try await sut.feedPage(after: nil, limit: 10)
        #expect(page.map(\.id) == [posted.id])
        #expect(page.first?.author == nil)
    }

    @Test func data_persistsAcrossReopening() async throws {
        let path = temporaryDatabasePath()
        let items = makeItems(3)
        _ = try await makeRepository(path: path, items: items)

        let reopened = try APIDatabase.open(path: path).feed

        #expect(try await reopened.feedPage(after: nil, limit: 10).map(\.id) == items.map(\.id))
    }

    @Test func concurrentReadsAndWrites_deliverConsistentPages() async throws {
        let initial = makeItems(20)
        let sut = try await makeRepository(items: initial)
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
