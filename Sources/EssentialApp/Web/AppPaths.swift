import Foundation

/// The app's addresses, as screens link to them and routes serve them.
enum AppPaths {
    static func feedFragment(after lastImageID: UUID?) -> String {
        guard let lastImageID else { return "/fragments/feed" }
        return "/fragments/feed?after=\(lastImageID.uuidString)"
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
