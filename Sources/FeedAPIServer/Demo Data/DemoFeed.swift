import Foundation

/// Makes the demo feed: the seeds' eight example items first, then enough
/// generated items for several pages.
///
/// `now` anchors the comment dates so the same call always makes the same feed.
/// Everything else comes from one fixed seed: texts, ids and images are the
/// same on every run and every machine.
enum DemoFeed {
    static let generatedItemCount = 64
    private static let seed: UInt64 = 0x0E55_E471_A1FE_ED00

    static func make(now: Date) throws -> [DemoFeedItem] {
        var random = SplitMix64(seed: seed)
        let scenes = DemoScene.allCases
        let seedPosts = seedPayload.enumerated().map { index, item in
            (id: Optional(item.id), post: DemoPost(scene: scenes[index % scenes.count], description: item.description, location: item.location))
        }
        let generatedPosts = DemoCatalogue.posts(count: generatedItemCount, random: &random).map { (id: UUID?.none, post: $0) }
        let encoder = PNGEncoder()

        return try (seedPosts + generatedPosts).enumerated().map { index, entry in
            let id = entry.id ?? random.uuid()
            let image = try encoder.encode(DemoPainting.paint(entry.post.scene, random: &random))
            let commentCount = DemoComments.count(forItemAt: index, random: &random)
            return DemoFeedItem(
                id: id,
                description: entry.post.description,
                location: entry.post.location,
                image: DemoImage(data: image, contentType: "image/png"),
                comments: DemoComments.make(count: commentCount, forItemAt: index, now: now, random: &random)
            )
        }
    }

    /// The example payload of the seeds' feed API spec, with descriptions and
    /// locations present or absent exactly as there.
    private static let seedPayload: [(id: UUID, description: String?, location: String?)] = [
        ("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "Description 1", "Location 1"),
        ("BA298A85-6275-48D3-8315-9C8F7C1CD109", nil, "Location 2"),
        ("5A0D45B3-8E26-4385-8C5D-213E160A5E3C", "Description 3", nil),
        ("FF0ECFE2-2879-403F-8DBE-A83B4010B340", nil, nil),
        ("DC97EF5E-2CC9-4905-A8AD-3C351C311001", "Description 5", "Location 5"),
        ("557D87F1-25D3-4D77-82E9-364B2ED9CB30", "Description 6", "Location 6"),
        ("A83284EF-C2DF-415D-AB73-2A9B8B04950B", "Description 7", "Location 7"),
        ("F79BD7F8-063F-46E2-8147-A67635C3BB01", "Description 8", "Location 8"),
    ].compactMap { id, description, location in
        UUID(uuidString: id).map { ($0, description, location) }
    }
}
