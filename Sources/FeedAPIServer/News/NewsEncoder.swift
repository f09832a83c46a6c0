import FeedAPIStorage
import Foundation
import Hummingbird
import MediaPipeline

/// Encodes the news list and stories. Every image is `{url, alt, width, height, blur_hash}`
/// (`url` the `regular` rendition; `alt` empty for a decorative image) with `color` and
/// `urls` (`thumb`, `small`, `regular`, `full`) besides; dates as the comments' dates.
struct NewsEncoder: Sendable {
    let urls: PublicURLs

    func encode(_ list: StoredNewsList) -> ByteBuffer {
        var writer = JSONWriter(capacity: 256 + list.items.count * 512)
        writer.raw("{\"title\":")
        writer.string(list.title)
        writer.raw(",\"items\":[")
        for (index, item) in list.items.enumerated() {
            if index > 0 { writer.raw(",") }
            switch item {
            case let .story(story):
                writer.raw("{\"type\":\"story\",\"id\":")
                writer.string(story.id.uuidString)
                writer.raw(",\"headline\":")
                writer.string(story.headline)
                writer.raw(",\"teaser\":")
                writer.string(story.teaser)
                writer.raw(",\"image\":")
                write(story.image, to: &writer)
                writeDates(created: story.createdAt, updated: story.updatedAt, to: &writer)
            case let .webLink(link):
                writer.raw("{\"type\":\"weblink\",\"id\":")
                writer.string(link.id.uuidString)
                writer.raw(",\"headline\":")
                writer.string(link.headline)
                writer.raw(",\"url\":")
                writer.string(link.url)
                if let image = link.image {
                    writer.raw(",\"image\":")
                    write(image, to: &writer)
                }
                writeDates(created: link.createdAt, updated: link.updatedAt, to: &writer)
            case let .advert(advert):
                writer.raw("{\"type\":\"advert\",\"id\":")
                writer.string(advert.id.uuidString)
                writer.raw(",\"url\":")
                writer.string(advert.url)
                writer.raw(",\"image\":")
                write(advert.image, to: &writer)
                writer.raw(",\"advertiser\":")
                writer.string(advert.advertiser)
            }
            writer.raw("}")
        }
        writer.raw("]}")
        return writer.buffer
    }

    func encode(_ story: StoredNewsStory) -> ByteBuffer {
        var writer = JSONWriter(capacity: 4_096)
        writer.raw("{\"id\":")
        writer.string(story.id.uuidString)
        writer.raw(",\"headline\":")
        writer.string(story.headline)
        writer.raw(",\"hero_image\":")
        write(story.heroImage, to: &writer)
        writeDates(created: story.createdAt, updated: story.updatedAt, to: &writer)
        writer.raw(",\"contents\":[")
        for (index, block) in story.contents.enumerated() {
            if index > 0 { writer.raw(",") }
            switch block {
            case let .paragraph(text):
                writer.raw("{\"type\":\"paragraph\",\"text\":")
                writer.string(text)
            case let .image(image):
                writer.raw("{\"type\":\"image\",\"image\":")
                write(image, to: &writer)
            }
            writer.raw("}")
        }
        writer.raw("]}")
        return writer.buffer
    }

    private func writeDates(created: Date, updated: Date, to writer: inout JSONWriter) {
        writer.raw(",\"created_at\":")
        writer.string(APIDateFormat.string(from: created))
        writer.raw(",\"updated_at\":")
        writer.string(APIDateFormat.string(from: updated))
    }

    private func write(_ image: NewsPhoto, to writer: inout JSONWriter) {
        let details = image.details
        writer.raw("{\"url\":")
        writer.string(details.renditions[.regular].map(urls.image) ?? "")
        writer.raw(",\"alt\":")
        writer.string(image.alt)
        writer.raw(",\"width\":")
        writer.integer(details.width)
        writer.raw(",\"height\":")
        writer.integer(details.height)
        writer.raw(",\"blur_hash\":")
        writer.string(details.blurHash)
        writer.raw(",\"color\":")
        writer.string(details.color)
        writer.raw(",\"urls\":")
        urls.writeRenditions(of: details, to: &writer)
        writer.raw("}")
    }
}
