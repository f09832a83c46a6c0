import FeedAPIStorage
import Foundation
import MediaPipeline

/// Makes the demo feed: the seeds' eight example items first, then enough
/// generated items for several pages.
///
/// `now` anchors the comment dates so the same call always makes the same feed.
/// Everything else comes from one fixed seed: texts, ids and images are the
/// same on every run and every machine.
enum DemoFeed {
    static let generatedItemCount = 64
    /// The time between two demo posts, the newest one this long before `now`.
    static let postInterval: TimeInterval = 5 * 3600
    private static let seed: UInt64 = 0x0E55_E471_A1FE_ED00

    static func make(now: Date) throws -> [DemoFeedItem] {
        var random = SplitMix64(seed: seed)
        let scenes = DemoScene.allCases
        let seedPosts = seedPayload.enumerated().map { index, item in
            (id: Optional(item.id), post: DemoPost(scene: scenes[index % scenes.count], description: item.description, location: item.location))
        }
        let generatedPosts = DemoCatalogue.posts(count: generatedItemCount, random: &random).map { (id: UUID?.none, post: $0) }
        return try (seedPosts + generatedPosts).enumerated().map { index, entry in
            let id = entry.id ?? random.uuid()
            let painting = DemoPainting.paint(entry.post.scene, on: DemoCanvas.forItem(at: index), random: &random)
            let image = try PixelEncoder.encode(
                painting.pixels, width: painting.width, height: painting.height, bands: Raster.bytesPerPixel, as: .jpeg, quality: 95)
            let commentCount = DemoComments.count(forItemAt: index, random: &random)
            return DemoFeedItem(
                id: id,
                description: entry.post.description,
                location: entry.post.location,
                image: DemoImage(data: image, contentType: "image/jpeg"),
                comments: DemoComments.make(count: commentCount, forItemAt: index, now: now, random: &random),
                alt: entry.post.scene.alternativeText,
                author: DemoAccounts.people[(index * 7) % DemoAccounts.people.count].username,
                createdAt: now.addingTimeInterval(-Double(index + 1) * postInterval)
            )
        }
    }

    /// The ids of the example payload in the feed API's specification, with descriptions and
    /// locations present or absent exactly as there; the texts are believable ones for the
    /// scenes painted for them (sunset, mountains, waves, stars, skyline, stripes, tiles, ripples).
    private static let seedPayload: [(id: UUID, description: String?, location: String?)] = [
        ("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "The sun dropped into the sea right behind the lighthouse.", "Farol da Barra, Salvador"),
        ("BA298A85-6275-48D3-8315-9C8F7C1CD109", nil, "Dolomiti, Alto Adige"),
        ("5A0D45B3-8E26-4385-8C5D-213E160A5E3C", "Big swell this morning; nobody dared to paddle out.", nil),
        ("FF0ECFE2-2879-403F-8DBE-A83B4010B340", nil, nil),
        ("DC97EF5E-2CC9-4905-A8AD-3C351C311001", "From the observation deck, just after the lights came on.", "Tokyo Skytree, 東京都"),
        ("557D87F1-25D3-4D77-82E9-364B2ED9CB30", "The whole street is painted like this.", "La Boca, Buenos Aires"),
        ("A83284EF-C2DF-415D-AB73-2A9B8B04950B", "Azulejos no átrio da estação de São Bento.", "São Bento, Porto"),
        ("F79BD7F8-063F-46E2-8147-A67635C3BB01", "The first drops of rain on the pond.", "Jardin du Luxembourg, Paris")
    ].compactMap { id, description, location in
        UUID(uuidString: id).map { ($0, description, location) }
    }
}
