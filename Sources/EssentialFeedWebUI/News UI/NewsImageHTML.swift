import EssentialFeed
import Foundation

/// An image of the news in a frame that holds its place before it loads: the frame has
/// the image's shape (or the row's, cropped), and carries the BlurHash and average colour
/// the screen's script paints as a placeholder. The browser picks the size it needs from
/// the API's renditions.
struct NewsImageHTML {
    enum Shape {
        /// The image's own shape, from its width and height.
        case natural
        /// Cropped to the frame the stylesheet gives the row.
        case cropped
    }

    let links: NewsLinks

    func html(_ image: NewsImage, shape: Shape, sizes: String, isEager: Bool = false, frameClass: String = "news-image-frame") -> HTML {
        let photo = image.photo
        var candidates: [(address: String, width: Int)] = []
        for size in FeedImageSize.allCases {
            guard let url = photo.urls[size], let address = links.imageAddress(url) else { continue }
            let width = photo.width(in: size)
            if !candidates.contains(where: { $0.width == width }) { candidates.append((address, width)) }
        }
        let fallback = (photo.urls[.regular] ?? photo.urls[.small]).flatMap(links.imageAddress) ?? links.imageAddress(image.url)
        let frame: HTML = "<div class=\"\(frameClass)\(shape == .cropped ? " is-cropped" : "")\"\(ImagePlaceholder(photo)?.attributes)>"
        guard let source = candidates.last(where: { $0.width <= 1080 })?.address ?? fallback else {
            return frame + "</div>"
        }
        var img: HTML = "<img class=\"news-image\" src=\"\(source)\""
        if candidates.count > 1 {
            img += " srcset=\"\(candidates.map { "\($0.address) \($0.width)w" }.joined(separator: ", "))\" sizes=\"\(sizes)\""
        }
        if photo.width > 0, photo.height > 0 { img += " width=\"\(photo.width)\" height=\"\(photo.height)\"" }
        img += " alt=\"\(image.alternativeText)\""
        img += isEager ? " fetchpriority=\"high\"" : " loading=\"lazy\""
        img += " decoding=\"async\">"
        return frame + img + "</div>"
    }
}
