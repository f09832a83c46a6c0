import Foundation
import MediaPipeline
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct DemoFeedTests {
    private static let now = Date(timeIntervalSince1970: 1_760_000_000)
    private static let feed = Result { try DemoFeed.make(now: now) }
    private static let inspectedImages = Result { try feed.get().map { try PhotoProcessor().inspect($0.image.data) } }

    @Test func make_startsWithTheSeedPayloadsEightItemsExactly() throws {
        let firstEight = try Self.makeSUT().prefix(8)

        #expect(
            firstEight.map(\.id.uuidString) == [
                "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6",
                "BA298A85-6275-48D3-8315-9C8F7C1CD109",
                "5A0D45B3-8E26-4385-8C5D-213E160A5E3C",
                "FF0ECFE2-2879-403F-8DBE-A83B4010B340",
                "DC97EF5E-2CC9-4905-A8AD-3C351C311001",
                "557D87F1-25D3-4D77-82E9-364B2ED9CB30",
                "A83284EF-C2DF-415D-AB73-2A9B8B04950B",
                "F79BD7F8-063F-46E2-8147-A67635C3BB01"
            ])
        #expect(firstEight.map { $0.description != nil } == [true, false, true, false, true, true, true, true])
        #expect(firstEight.map { $0.location != nil } == [true, true, false, false, true, true, true, true])
        for item in firstEight {
            #expect(item.description?.hasPrefix("Description ") != true, "a believable text, not a placeholder")
            #expect(item.location?.hasPrefix("Location ") != true, "a believable place, not a placeholder")
        }
    }

    @Test func generatedPosts_keepEachDescriptionWithThePlaceItWasWrittenAbout() {
        var random = SplitMix64(seed: 42)

        let posts = DemoCatalogue.posts(count: 200, random: &random)

        for post in posts {
            guard let location = post.location, let description = post.description else { continue }
            let written = DemoCatalogue.captions(for: post.scene).first { $0.location == location }
            #expect(written?.description == description, "\(location): \(description)")
        }
    }

    @Test func make_deliversEnoughItemsForSeveralPages() throws {
        #expect(try Self.makeSUT().count >= 68)
    }

    @Test func make_givesEveryItemAndCommentAUniqueID() throws {
        let feed = try Self.makeSUT()
        let commentIDs = feed.flatMap { $0.comments.map(\.id) }

        #expect(Set(feed.map(\.id)).count == feed.count)
        #expect(Set(commentIDs).count == commentIDs.count)
        #expect(Set(commentIDs).isDisjoint(with: feed.map(\.id)))
    }

    @Test func make_generatesItemsWithoutDescriptionWithoutLocationAndWithoutEither() throws {
        let generated = try Self.makeSUT().dropFirst(8)

        #expect(generated.contains { $0.description == nil && $0.location != nil })
        #expect(generated.contains { $0.description != nil && $0.location == nil })
        #expect(generated.contains { $0.description == nil && $0.location == nil })
        #expect(generated.filter { $0.description != nil && $0.location != nil }.count > generated.count / 2)
    }

    @Test func make_generatesVariedTexts() throws {
        let generated = try Self.makeSUT().dropFirst(8)

        #expect(Set(generated.compactMap(\.description)).count >= 30)
        #expect(Set(generated.compactMap(\.location)).count >= 30)
        #expect(generated.allSatisfy { $0.description?.isEmpty != true && $0.location?.isEmpty != true })
    }

    @Test func make_paintsEveryItemAJPEG_inPortraitLandscapeSquareAndPanoramaShapes() throws {
        let feed = try Self.makeSUT()
        let images = try Self.inspectedImages.get()

        #expect(feed.allSatisfy { $0.image.contentType == "image/jpeg" })
        #expect(images.allSatisfy { $0.format == .jpeg && min($0.width, $0.height) >= 320 })
        #expect(images.contains { $0.height > $0.width })
        #expect(images.contains { $0.width == $0.height })
        #expect(images.contains { $0.width * 3 == $0.height * 4 })
        #expect(images.contains { $0.width >= $0.height * 5 / 2 }, "a panorama")
        #expect(Set(images.prefix(8).map { [$0.width, $0.height] }).count == 4, "every shape among the seed items")
    }

    @Test func make_paintsEveryItemItsOwnImage() throws {
        let images = try Self.makeSUT().map(\.image.data)

        #expect(Set(images).count == images.count)
    }

    @Test(arguments: DemoCanvas.allCases)
    func paint_makesPicturesWithManyColoursRatherThanFlatFills_onEveryCanvas(_ canvas: DemoCanvas) {
        var random = SplitMix64(seed: 7)
        for scene in DemoScene.allCases {
            let painting = DemoPainting.paint(scene, on: canvas, random: &random)
            var colours = Set<UInt32>()
            // Every eleventh pixel is plenty to tell a picture from a flat fill.
            for index in stride(from: 0, to: painting.pixels.count, by: 3 * 11) {
                colours.insert(UInt32(painting.pixels[index]) << 16 | UInt32(painting.pixels[index + 1]) << 8 | UInt32(painting.pixels[index + 2]))
            }

            #expect((painting.width, painting.height) == (canvas.width, canvas.height))
            #expect(colours.count >= 20, "\(scene) on \(canvas) has \(colours.count) colours")
        }
    }

    @Test func make_givesSomeItemsNoCommentsSomeOneAndAFewDozens() throws {
        let counts = try Self.makeSUT().map(\.comments.count)

        #expect(counts.filter { $0 == 0 }.count >= 5)
        #expect(counts.filter { $0 == 1 }.count >= 5)
        #expect(counts.filter { $0 >= 30 }.count >= 3)
        #expect(counts.filter { $0 >= 30 }.count <= 8)
        #expect(counts.max() ?? 0 <= 48)
    }

    @Test func make_datesCommentsBeforeNowNewestFirst() throws {
        for item in try Self.makeSUT() {
            let dates = item.comments.map(\.createdAt)

            #expect(dates.allSatisfy { $0 < Self.now })
            #expect(dates == dates.sorted(by: >))
        }
    }

    @Test func make_spreadsCommentDatesFromMinutesToYearsAgo() throws {
        let ages = try Self.makeSUT().flatMap { $0.comments.map { Self.now.timeIntervalSince($0.createdAt) } }

        #expect(ages.contains { $0 < 60 * 60 })
        #expect(ages.contains { $0 > 24 * 60 * 60 && $0 < 7 * 24 * 60 * 60 })
        #expect(ages.contains { $0 > 40 * 24 * 60 * 60 && $0 < 300 * 24 * 60 * 60 })
        #expect(ages.contains { $0 > 366 * 24 * 60 * 60 })
    }

    @Test func make_writesCommentsInSeveralScriptsWithEmoji() throws {
        let texts = try Self.makeSUT().flatMap { $0.comments.flatMap { [$0.message, $0.username] } }
        let scalars = texts.flatMap(\.unicodeScalars)

        #expect(scalars.contains { ("a"..."z").contains($0) })
        #expect(scalars.contains { (0x0370...0x03FF).contains($0.value) }, "Greek")
        #expect(scalars.contains { (0x3040...0x30FF).contains($0.value) }, "Japanese kana")
        #expect(scalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "CJK ideographs")
        #expect(scalars.contains { "ãçéõ".unicodeScalars.contains($0) }, "Portuguese or Spanish accents")
        #expect(scalars.contains { $0.properties.isEmojiPresentation })
        #expect(texts.allSatisfy { !$0.isEmpty })
    }

    @Test func make_includesACommentWithMarkupThatClientsMustShowAsText() throws {
        let messages = try Self.makeSUT().flatMap { $0.comments.map(\.message) }

        #expect(messages.contains { $0.contains("<b>bold</b> & \"quoted\"") })
    }

    @Test func make_makesTheSameFeedForTheSameNow() throws {
        #expect(try DemoFeed.make(now: Self.now) == Self.makeSUT())
    }

    @Test func make_anchorsCommentDatesToNow() throws {
        let later = Self.now.addingTimeInterval(86_400)

        let shifted = try DemoFeed.make(now: later)

        let original = try Self.makeSUT()
        #expect(shifted.map(\.id) == original.map(\.id))
        #expect(
            shifted.flatMap { $0.comments.map(\.createdAt) }
                == original.flatMap {
                    $0.comments.map { $0.createdAt.addingTimeInterval(86_400) }
                })
    }

    // MARK: - Helpers

    private static func makeSUT() throws -> [DemoFeedItem] {
        try feed.get()
    }
}
