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
        writer.object { object in
            object.field("title", list.title)
            object.field("items", array: list.items) { writer, item in
                writer.object { object in
                    switch item {
                    case let .story(story):
                        object.field("type", "story")
                        object.field("id", story.id.uuidString)
                        object.field("headline", story.headline)
                        object.field("teaser", story.teaser)
                        object.field("image") { write(story.image, to: &$0) }
                        writeDates(created: story.createdAt, updated: story.updatedAt, to: &object)
                    case let .webLink(link):
                        object.field("type", "weblink")
                        object.field("id", link.id.uuidString)
                        object.field("headline", link.headline)
                        object.field("url", link.url)
                        if let image = link.image {
                            object.field("image") { write(image, to: &$0) }
                        }
                        writeDates(created: link.createdAt, updated: link.updatedAt, to: &object)
                    case let .advert(advert):
                        object.field("type", "advert")
                        object.field("id", advert.id.uuidString)
                        object.field("url", advert.url)
                        object.field("image") { write(advert.image, to: &$0) }
                        object.field("advertiser", advert.advertiser)
                        if let offer = advert.offer {
                            object.field("offer", offer)
                        }
                    }
                }
            }
        }
        return writer.buffer
    }

    func encode(_ story: StoredNewsStory) -> ByteBuffer {
        var writer = JSONWriter(capacity: 4_096)
        writer.object { object in
            object.field("id", story.id.uuidString)
            object.field("headline", story.headline)
            object.field("hero_image") { write(story.heroImage, to: &$0) }
            writeDates(created: story.createdAt, updated: story.updatedAt, to: &object)
            object.field("contents", array: story.contents) { writer, block in
                writer.object { object in
                    switch block {
                    case let .paragraph(text):
                        object.field("type", "paragraph")
                        object.field("text", text)
                    case let .image(image):
                        object.field("type", "image")
                        object.field("image") { write(image, to: &$0) }
                    }
                }
            }
        }
        return writer.buffer
    }

    private func writeDates(created: Date, updated: Date, to object: inout JSONWriter) {
        object.field("created_at", APIDateFormat.string(from: created))
        object.field("updated_at", APIDateFormat.string(from: updated))
    }

    /// The fields of an image object: `url` (the `regular` rendition) and `alt`, then the photo's.
    private func write(_ image: NewsPhoto, to object: inout JSONWriter) {
        object.field("url", image.details.renditions[.regular].map(urls.image) ?? "")
        object.field("alt", image.alt)
        object.photoFields(image.details, urls: urls)
    }
}
