import Foundation

/// The stylesheet and script modules the screens link to, read once from the module's resources.
public struct WebAssets: Sendable {
    public struct Asset: Sendable, Equatable {
        public let data: Data
        public let contentType: String
    }

    private let assets: [String: Asset]

    public init() {
        var assets: [String: Asset] = [:]
        let directory = Bundle.module.resourceURL?.appending(path: "Assets")
        for (name, contentType) in Self.contentTypes {
            if let url = directory?.appending(path: name), let data = try? Data(contentsOf: url) {
                assets[name] = Asset(data: data, contentType: contentType)
            }
        }
        self.assets = assets
    }

    public func asset(named name: String) -> Asset? {
        assets[name]
    }

    public var names: [String] {
        assets.keys.sorted()
    }

    private static let contentTypes = [
        "app.css": "text/css; charset=utf-8",
        "feed.js": "text/javascript; charset=utf-8",
        "comments.js": "text/javascript; charset=utf-8",
        "screen.js": "text/javascript; charset=utf-8",
    ]
}
