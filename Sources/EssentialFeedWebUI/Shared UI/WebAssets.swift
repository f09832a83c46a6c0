import Foundation

/// The stylesheet, script modules and icon the screens link to, read once from the module's
/// resources and served under names that carry a fingerprint of their content
/// (`feed.3f2a….js`), so browsers keep them for good and a change is a new name. Scripts'
/// imports of each other are rewritten to the fingerprinted names.
public struct WebAssets: Sendable {
    public struct Asset: Sendable, Equatable {
        public let data: Data
        public let contentType: String
        /// Whether the name asked for carries the fingerprint, so the content never changes.
        public let isFingerprinted: Bool
    }

    private let assets: [String: Asset]
    public let links: WebAssetLinks

    public init() {
        let directory = Bundle.module.resourceURL?.appending(path: "Assets")
        var byName: [String: Asset] = [:]
        var paths: [String: String] = [:]
        var imports: [String: [String]] = [:]
        for (name, contentType) in Self.contentTypes {
            guard let url = directory?.appending(path: name), var data = try? Data(contentsOf: url) else { continue }
            if name.hasSuffix(".js"), var text = String(data: data, encoding: .utf8) {
                let imported = Self.contentTypes.map(\.name).filter { $0.hasSuffix(".js") && text.contains("'./\($0)'") }
                for module in imported {
                    if let path = paths[module] {
                        text = text.replacing("'./\(module)'", with: "'./\(path.split(separator: "/").last ?? "")'")
                    }
                }
                imports[name] = imported
                data = Data(text.utf8)
            }
            let fingerprinted = Self.fingerprintedName(of: name, data: data)
            byName[name] = Asset(data: data, contentType: contentType, isFingerprinted: false)
            byName[fingerprinted] = Asset(data: data, contentType: contentType, isFingerprinted: true)
            paths[name] = "/assets/\(fingerprinted)"
        }
        assets = byName
        links = WebAssetLinks(paths: paths, imports: imports)
    }

    public func asset(named name: String) -> Asset? {
        assets[name]
    }

    public var names: [String] {
        assets.keys.sorted()
    }

    /// Modules after the modules they import, so their imports are rewritten to names known already.
    private static let contentTypes: [(name: String, contentType: String)] = [
        ("app.css", "text/css; charset=utf-8"),
        ("icon.svg", "image/svg+xml"),
        ("screen.js", "text/javascript; charset=utf-8"),
        ("blurhash.js", "text/javascript; charset=utf-8"),
        ("feed.js", "text/javascript; charset=utf-8"),
        ("comments.js", "text/javascript; charset=utf-8"),
        ("new-post.js", "text/javascript; charset=utf-8"),
        ("news.js", "text/javascript; charset=utf-8"),
        ("photo.js", "text/javascript; charset=utf-8"),
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

/// Where screens link each asset, and which modules a script imports (so a screen can ask
/// for them at once instead of after its script arrives).
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

    public func modulesImported(by script: String) -> [String] {
        (imports[script] ?? []).map(path(of:))
    }
}
