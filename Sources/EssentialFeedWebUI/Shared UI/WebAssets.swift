import Foundation

/// The stylesheet, script modules, icons, web app manifest and service worker the screens
/// link to, read once from the module's resources (or a directory given instead) and served
/// under names that carry a fingerprint of their content (`feed.3f2a….js`), so browsers keep
/// them for good and a change is a new name. Scripts' imports of each other are rewritten to
/// the fingerprinted names. The service worker names every other asset, so any change to
/// them is a new worker too.
public struct WebAssets: Sendable {
    public struct Asset: Sendable, Equatable {
        public let data: Data
        public let contentType: String
        /// Whether the name asked for carries the fingerprint, so the content never changes.
        public let isFingerprinted: Bool
    }

    /// Draws the SVG icon as a PNG of `size` pixels — maskable when given the colour of a full
    /// square to draw it on; `nil` when it cannot, and the manifest then offers the SVG alone.
    public typealias IconRenderer = @Sendable (_ svg: Data, _ size: Int, _ maskableOn: (red: UInt8, green: UInt8, blue: UInt8)?) -> Data?

    public static let serviceWorkerName = "service-worker.js"

    private var assets: [String: Asset] = [:]
    private var paths: [String: String] = [:]
    private var imports: [String: [String]] = [:]
    /// Names in the order they were added, which is the order modules are preloaded in.
    private var order: [String] = []

    public var links: WebAssetLinks {
        WebAssetLinks(paths: paths, imports: imports)
    }

    /// - Parameters:
    ///   - directory: where to read the assets instead of the ones built into the program
    ///     (working on them without rebuilding).
    ///   - offline: what the service worker keeps on the person's device.
    public init(directory: URL? = nil, renderIcon: IconRenderer? = nil, offline: OfflineStorage = OfflineStorage()) {
        let read: (String) -> Data? = { name in
            guard let directory else { return EmbeddedResources.data(atPath: "Assets/\(name)") }
            return try? Data(contentsOf: directory.appending(path: name))
        }
        for (name, contentType) in Self.files {
            guard let data = read(name) else { continue }
            add(name, data: data, contentType: contentType)
        }
        if let svg = assets["icon.svg"]?.data, let renderIcon {
            for icon in AppManifest.icons {
                if let png = renderIcon(svg, icon.size, icon.isMaskable ? AppManifest.iconBackground : nil) {
                    add(icon.name, data: png, contentType: "image/png")
                }
            }
        }
        add(AppManifest.name, data: AppManifest(links: links).json, contentType: "application/manifest+json")
        if let data = read(Self.serviceWorkerName), let worker = String(data: data, encoding: .utf8) {
            let configuration = offline.workerConfiguration(shell: paths.values.sorted())
            add(
                Self.serviceWorkerName, data: Data(worker.replacing("__CONFIGURATION__", with: configuration).utf8),
                contentType: "text/javascript; charset=utf-8")
        }
    }

    public func asset(named name: String) -> Asset? {
        assets[name]
    }

    public var names: [String] {
        assets.keys.sorted()
    }

    private mutating func add(_ name: String, data: Data, contentType: String) {
        var data = data
        if name.hasSuffix(".js"), var text = String(data: data, encoding: .utf8) {
            let imported = order.filter { $0.hasSuffix(".js") && text.contains("'./\($0)'") }
            for module in imported {
                text = text.replacing("'./\(module)'", with: "'./\(paths[module]?.split(separator: "/").last ?? "")'")
            }
            // With what they import in turn, so a screen preloads every module it will need.
            let reachable = Set(imported + imported.flatMap { imports[$0] ?? [] })
            imports[name] = order.filter(reachable.contains)
            data = Data(text.utf8)
        }
        let fingerprinted = Self.fingerprintedName(of: name, data: data)
        assets[name] = Asset(data: data, contentType: contentType, isFingerprinted: false)
        assets[fingerprinted] = Asset(data: data, contentType: contentType, isFingerprinted: true)
        paths[name] = "/assets/\(fingerprinted)"
        order.append(name)
    }

    /// Modules after the modules they import, so their imports are rewritten to names known already.
    private static let files: [(name: String, contentType: String)] = [
        ("app.css", "text/css; charset=utf-8"),
        ("icon.svg", "image/svg+xml"),
        ("offline.js", "text/javascript; charset=utf-8"),
        ("screen.js", "text/javascript; charset=utf-8"),
        ("blurhash.js", "text/javascript; charset=utf-8"),
        ("drafts.js", "text/javascript; charset=utf-8"),
        ("worker-answers.js", "text/javascript; charset=utf-8"),
        ("kept-responses.js", "text/javascript; charset=utf-8"),
        ("device-caches.js", "text/javascript; charset=utf-8"),
        ("sending.js", "text/javascript; charset=utf-8"),
        ("image-events.js", "text/javascript; charset=utf-8"),
        ("new-post-draft.js", "text/javascript; charset=utf-8"),
        ("region.js", "text/javascript; charset=utf-8"),
        ("feed-images.js", "text/javascript; charset=utf-8"),
        ("feed-place.js", "text/javascript; charset=utf-8"),
        ("in-place.js", "text/javascript; charset=utf-8"),
        ("follow.js", "text/javascript; charset=utf-8"),
        ("follow-requests.js", "text/javascript; charset=utf-8"),
        ("likes.js", "text/javascript; charset=utf-8"),
        ("live.js", "text/javascript; charset=utf-8"),
        ("feed.js", "text/javascript; charset=utf-8"),
        ("comments.js", "text/javascript; charset=utf-8"),
        ("new-post.js", "text/javascript; charset=utf-8"),
        ("news.js", "text/javascript; charset=utf-8"),
        ("profile.js", "text/javascript; charset=utf-8"),
        ("profile-settings.js", "text/javascript; charset=utf-8"),
        ("join-rules.js", "text/javascript; charset=utf-8"),
        ("join.js", "text/javascript; charset=utf-8"),
        ("photo.js", "text/javascript; charset=utf-8")
    ]

    /// `name.<16 hex digits of the content's 64-bit FNV-1a>.ext`: enough to tell versions apart.
    private static func fingerprintedName(of name: String, data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let fingerprint = String(repeating: "0", count: 16 - hex.count) + hex
        guard let dot = name.lastIndex(of: ".") else { return "\(name).\(fingerprint)" }
        return "\(name[..<dot]).\(fingerprint)\(name[dot...])"
    }
}

/// Where screens link each asset, and which modules a script imports, directly or through
/// another module (so a screen can ask for them at once instead of after its script arrives).
public struct WebAssetLinks: Sendable, Equatable {
    private let paths: [String: String]
    private let imports: [String: [String]]

    /// Plain names, for screens rendered without the served assets (tests, snapshots).
    public init() {
        self.init(paths: [:], imports: [:])
    }

    init(paths: [String: String], imports: [String: [String]]) {
        self.paths = paths
        self.imports = imports
    }

    public func path(of name: String) -> String {
        paths[name] ?? "/assets/\(name)"
    }

    /// Whether the asset exists (a PNG icon is drawn only where the image library can).
    func has(_ name: String) -> Bool {
        paths[name] != nil
    }

    public func modulesImported(by script: String) -> [String] {
        (imports[script] ?? []).map(path(of:))
    }
}
