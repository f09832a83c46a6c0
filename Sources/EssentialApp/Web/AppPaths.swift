import Foundation

/// The app's addresses, as screens link to them and routes serve them.
enum AppPaths {
    /// The first page, or the page after the image a screen shows last, `shown` being how
    /// many items the screen has (so the page's items are numbered after them).
    static func feedFragment(after lastImageID: UUID?, shown: Int = 0) -> String {
        guard let lastImageID else { return "/fragments/feed" }
        return "/fragments/feed?after=\(lastImageID.uuidString)&shown=\(shown)"
    }

    /// The feed screen: the first page, or (paging without scripts) the page after an image.
    static func feedScreen(after lastImageID: UUID?, shown: Int = 0) -> String {
        guard let lastImageID else { return "/" }
        return "/?after=\(lastImageID.uuidString)&shown=\(shown)"
    }

    static func feedImage(_ imageID: UUID) -> String {
        "/feed-images/\(imageID.uuidString)"
    }

    static func commentsScreen(_ imageID: UUID) -> String {
        "/images/\(imageID.uuidString)/comments"
    }

    static func commentsFragment(_ imageID: UUID) -> String {
        "/fragments/images/\(imageID.uuidString)/comments"
    }
}
