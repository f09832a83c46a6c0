import EssentialFeed
import EssentialFeedWebUI
import Foundation

/// The app's addresses, as screens link to them and routes serve them.
enum AppPaths {
    /// The first page, or the page after the image a screen shows last, `shown` being how
    /// many items the screen has (so the page's items are numbered after them).
    static func feedFragment(after lastImageID: UUID?, shown: Int = 0, tab: FeedTab = .everyone) -> String {
        let path = tab == .following ? ProfileLinks.followingFragment : "/fragments/feed"
        guard let lastImageID else { return path }
        return "\(path)?after=\(UUIDText.string(from: lastImageID))&shown=\(shown)"
    }

    /// The feed screen: the first page, or (paging without scripts) the page after an image.
    static func feedScreen(after lastImageID: UUID?, shown: Int = 0, tab: FeedTab = .everyone) -> String {
        let path = tab == .following ? ProfileLinks.following : "/"
        guard let lastImageID else { return path }
        return "\(path)?after=\(UUIDText.string(from: lastImageID))&shown=\(shown)"
    }

    static func feedImage(_ imageID: UUID, size: FeedImageSize? = nil) -> String {
        guard let size else { return "/feed-images/\(UUIDText.string(from: imageID))" }
        return "/feed-images/\(UUIDText.string(from: imageID))?size=\(size.rawValue)"
    }

    /// An image the API serves for the news, by its content-derived name.
    static func newsImage(_ name: String) -> String {
        "/news-images/\(name)"
    }

    /// A photo's own screen.
    static func photoScreen(_ imageID: UUID) -> String {
        "/images/\(UUIDText.string(from: imageID))"
    }

    static let bannerFragment = "/fragments/feed-banner"

    static func commentsScreen(_ imageID: UUID) -> String {
        "/images/\(UUIDText.string(from: imageID))/comments"
    }

    /// The log-in screen; `next`, a path of this app, is where to go once logged in.
    static func logIn(next: String? = nil) -> String {
        guard let next = next.flatMap(sameOriginPath), next != "/" else { return "/login" }
        var components = URLComponents()
        components.path = "/login"
        components.queryItems = [URLQueryItem(name: "next", value: next)]
        return components.string ?? "/login"
    }

    /// `path` when it is a path of this app, to send a browser to after logging in; `nil`
    /// for anything that could lead elsewhere (`//host`, `/\host`, a scheme) or is not a screen.
    static func sameOriginPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"), path.count <= 2_000,
            !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\\" }),
            !path.hasPrefix("/login"), !path.hasPrefix("/logout"), !path.hasPrefix("/fragments/")
        else { return nil }
        return path
    }

    static func commentsFragment(_ imageID: UUID) -> String {
        "/fragments/images/\(UUIDText.string(from: imageID))/comments"
    }
}
