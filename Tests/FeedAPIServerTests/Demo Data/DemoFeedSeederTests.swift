import Foundation
import MediaPipeline
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct DemoFeedSeederTests {
    @Test func seedIfEmpty_storesTheDemoItemsTheirImagesAndCommentsInOrder() async throws {
        let repository = try await makeRepository()
        let sut = DemoFeedSeeder(repository: repository)
        let demo = try makeDemoFeed()

        #expect(try await sut.seedIfEmpty(with: demo))

        let page = try await repository.feedPage(after: nil, limit: 10)
        #expect(page.map(\.id) == demo.map(\.id))
        #expect(page.map(\.description) == demo.map(\.description))
        #expect(page.map(\.location) == demo.map(\.location))
        #expect(page.map(\.createdAt) == demo.map(\.createdAt))
        let comments = try await repository.comments(onImage: demo[0].id)
        #expect(comments?.map(\.id) == demo[0].comments.map(\.id))
        #expect(comments?.map(\.username) == demo[0].comments.map(\.username))
    }

    @Test func seedIfEmpty_putsEachImageThroughTheMediaPipeline() async throws {
        let repository = try await makeRepository()
        let demo = try makeDemoFeed()

        #expect(try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: demo))

        let page = try await repository.feedPage(after: nil, limit: 10)
        let expected = try demo.map { try PhotoProcessor().process($0.image.data) }
        #expect(page.map { $0.photo?.width } == [640, 300])
        #expect(page.map { $0.photo?.height } == [480, 900])
        #expect(page.map { $0.photo?.blurHash } == expected.map(\.blurHash))
        #expect(page.map { $0.photo?.color } == expected.map(\.averageColor))
        #expect(page.allSatisfy { Set($0.photo?.renditions.keys.map { $0 } ?? []) == Set(Rendition.allCases) })
        #expect(page.map(\.image.format) == [.jpeg, .jpeg])
        #expect(page.map { $0.photo?.renditions[.regular] } == page.map(\.image))
        let regular = try await repository.image(withDigest: page[1].image.digest)
        #expect(regular?.data == expected[1].renditions[.regular]?.bytes)
    }

    @Test func seedIfEmpty_refusesAnImageThePipelineDoesNotAcceptAndStoresNothing() async throws {
        let repository = try await makeRepository()
        var demo = try makeDemoFeed()
        demo.append(
            DemoFeedItem(
                id: UUID(), description: nil, location: nil,
                image: DemoImage(data: Data("GIF89a".utf8) + Data(count: 32), contentType: "image/png"), comments: []))

        await #expect(throws: PhotoProcessingError.unsupportedFormat) {
            try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: demo)
        }
        #expect(try await repository.feedPage(after: nil, limit: 10).isEmpty)
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

        #expect(try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: try makeDemoFeed()) == false)
        #expect(try await repository.feedPage(after: nil, limit: 10).map(\.id) == existing.map(\.id))
    }

    private func makeDemoFeed() throws -> [DemoFeedItem] {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        return [
            DemoFeedItem(
                id: UUID(), description: "Description 1", location: "Location 1",
                image: DemoImage(data: try paintedPhoto(width: 640, height: 480, as: .png), contentType: "image/png"),
                comments: [
                    DemoComment(id: UUID(), message: "newer", createdAt: now, username: "ana"),
                    DemoComment(id: UUID(), message: "older", createdAt: now.addingTimeInterval(-60), username: "bo")
                ],
                createdAt: now.addingTimeInterval(-3600)),
            DemoFeedItem(
                id: UUID(), description: nil, location: "Location 2",
                image: DemoImage(data: try paintedPhoto(width: 300, height: 900, as: .jpeg), contentType: "image/jpeg"),
                comments: [], createdAt: now.addingTimeInterval(-7200))
        ]
    }

    private func paintedPhoto(width: Int, height: Int, as format: PhotoFormat) throws -> Data {
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / width), 120, UInt8(y * 255 / height)]
            }
        }
        return try PixelEncoder.encode(pixels, width: width, height: height, bands: 3, as: format)
    }
}
