import Foundation

/// The web app manifest that makes the app installable: its names, where it starts, how it
/// shows, its colours in light and dark, and its icons.
struct AppManifest {
    static let name = "manifest.webmanifest"

    struct Icon {
        let name: String
        let size: Int
        let isMaskable: Bool
    }

    static let icons = [
        Icon(name: "icon-192.png", size: 192, isMaskable: false),
        Icon(name: "icon-512.png", size: 512, isMaskable: false),
        Icon(name: "icon-maskable-512.png", size: 512, isMaskable: true)
    ]

    /// The screens' background in each scheme (`--background` in `app.css`).
    static let lightColour = "#ffffff"
    static let darkColour = "#000000"
    /// The icon's own square, behind a maskable icon's drawing.
    static let iconBackground: (red: UInt8, green: UInt8, blue: UInt8) = (0xE8, 0x62, 0x3A)

    let links: WebAssetLinks

    private struct Document: Encodable {
        struct IconEntry: Encodable {
            let src: String
            let sizes: String
            let type: String
            let purpose: String
        }

        struct Colours: Encodable {
            let theme_color: String
            let background_color: String
        }

        let id: String
        let name: String
        let short_name: String
        let description: String
        let start_url: String
        let scope: String
        let display: String
        let theme_color: String
        let background_color: String
        /// Chromium reads the dark scheme's colours from here.
        let user_preferences: [String: Colours]
        let icons: [IconEntry]
    }

    var json: Data {
        var entries = Self.icons.filter { links.has($0.name) }.map { icon in
            Document.IconEntry(
                src: links.path(of: icon.name), sizes: "\(icon.size)x\(icon.size)", type: "image/png", purpose: icon.isMaskable ? "maskable" : "any")
        }
        entries.append(Document.IconEntry(src: links.path(of: "icon.svg"), sizes: "any", type: "image/svg+xml", purpose: "any"))
        let document = Document(
            id: "/", name: "Essential Feed", short_name: "Feed",
            description: "Photos from the people you follow, with their comments and the news — also offline.",
            start_url: "/", scope: "/", display: "standalone",
            theme_color: Self.lightColour, background_color: Self.lightColour,
            user_preferences: ["color_scheme_dark": Document.Colours(theme_color: Self.darkColour, background_color: Self.darkColour)],
            icons: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }
}

/// What the service worker keeps on the person's device for reading offline.
public struct OfflineStorage: Sendable, Equatable {
    /// The most bytes of photos kept; the least recently shown go first. Pages and texts
    /// are small and always kept.
    public var photoBytesLimit: Int
    /// Content saved longer ago than this is never shown, as the app's own cache does (seven days).
    public var maximumAge: TimeInterval

    public init(photoBytesLimit: Int = 50 * 1_048_576, maximumAge: TimeInterval = 7 * 24 * 60 * 60) {
        self.photoBytesLimit = photoBytesLimit
        self.maximumAge = maximumAge
    }

    /// The worker's settings as a JavaScript object literal: `shell` lists what it fetches at
    /// install (every asset of this version, and the screens that open offline unvisited).
    func workerConfiguration(shell: [String]) -> String {
        struct Configuration: Encodable {
            let shell: [String]
            let pages: [String]
            let photoBytesLimit: Int
            let maximumAgeMilliseconds: Int
        }
        let configuration = Configuration(
            shell: shell, pages: [NewPostScreen.screenURL, NotSavedOfflinePage.url],
            photoBytesLimit: photoBytesLimit, maximumAgeMilliseconds: Int(maximumAge * 1_000))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(configuration)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}
