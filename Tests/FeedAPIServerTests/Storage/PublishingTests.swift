import Foundation
import MediaPipeline
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Publishing posts, picking one at random")
struct PublishingTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: StorageKind.all)
    func publish_putsEachNewPostFirst_beforeTheAppendedItems(_ kind: StorageKind) async throws {
        let appended = makeItems(3)
        let sut = try await kind.make().with(items: appended).feed
        let first = NewFeedItem(id: UUID(), description: "first post", location: nil, photo: try processedPhoto(seed: 1), createdAt: now)
        let second = NewFeedItem(id: UUID(), description: "second post", location: nil, photo: try processedPhoto(seed: 2), createdAt: now)

        _ = try await sut.publish(first)
        _ = try await sut.publish(second)
        try await sut.append(makeItems(1))

        let page = try await sut.feedPage(after: nil, limit: 3)
        #expect(page.map(\.id) == [second.id, first.id, appended[0].id])
        #expect(try await sut.feedPage(after: second.id, limit: 1).map(\.id) == [first.id])
        #expect(try await sut.feedPage(after: nil, limit: 10).count == 6)
    }

    @Test(arguments: StorageKind.all)
    func publish_givesThePostBackAsTheFeedShowsIt(_ kind: StorageKind) async throws {
        let sut = try await kind.make().with(items: makeItems(2)).feed
        let photo = try processedPhoto()
        let item = NewFeedItem(
            id: UUID(), description: "A view", location: "Lisbon", photo: photo, alt: "Roofs at dusk", createdAt: now)

        let published = try await sut.publish(item)

        #expect(published == (try await sut.feedPage(after: nil, limit: 1).first))
        #expect(published.id == item.id)
        #expect(published.alt == "Roofs at dusk")
        #expect(published.createdAt == now)
        #expect(published.photo?.width == photo.width)
        #expect(published.photo?.renditions.count == 4)
    }

    @Test(arguments: StorageKind.all)
    func publish_changesTheDataVersion(_ kind: StorageKind) async throws {
        let sut = try await kind.make().with(items: makeItems(1)).feed
        let before = sut.dataVersion

        _ = try await sut.publish(NewFeedItem(id: UUID(), description: nil, location: nil, photo: try processedPhoto(), createdAt: now))

        #expect(sut.dataVersion != before)
    }

    @Test(arguments: StorageKind.all)
    func randomItem_isNilForAnEmptyFeed_andReachesEveryItem(_ kind: StorageKind) async throws {
        #expect(try await kind.make().feed.randomItem() == nil)

        let items = makeItems(3)
        let sut = try await kind.make().with(items: items).feed
        _ = try await sut.publish(NewFeedItem(id: UUID(), description: nil, location: nil, photo: try processedPhoto(), createdAt: now))
        let all = Set(try await sut.feedPage(after: nil, limit: 10).map(\.id))

        var seen = Set<UUID>()
        for _ in 0..<400 where seen != all {
            if let item = try await sut.randomItem() { seen.insert(item.id) }
        }
        #expect(seen == all)
    }

    @Test(arguments: StorageKind.all)
    func itemWithID_isTheItemAsTheFeedShowsIt_andNilForAnUnknownID(_ kind: StorageKind) async throws {
        let sut = try await kind.make().with(items: makeItems(3)).feed
        let page = try await sut.feedPage(after: nil, limit: 3)
        _ = try await sut.addComment(FeedComment(id: UUID(), message: "Nice", createdAt: now, username: "ada"), onImage: page[1].id)

        let item = try await sut.item(withID: page[1].id)

        #expect(item == (try await sut.feedPage(after: page[0].id, limit: 1).first))
        #expect(item?.commentCount == 1)
        #expect(try await sut.item(withID: UUID()) == nil)
    }

    @Test(arguments: StorageKind.all)
    func containsItemFromSource_tellsWhetherAFileWasPostedAlready(_ kind: StorageKind) async throws {
        let sut = try await kind.make().with(items: makeItems(1)).feed
        let file = try photoFile(seed: 3)
        let source = ImageDigest(of: file)
        #expect(try await sut.containsItem(fromSource: source) == false)

        _ = try await sut.publish(
            NewFeedItem(
                id: UUID(), description: nil, location: nil, photo: try PhotoProcessor().process(file), createdAt: now, source: source))

        #expect(try await sut.containsItem(fromSource: source))
        #expect(try await sut.containsItem(fromSource: ImageDigest(of: try photoFile(seed: 4))) == false)
    }
}
