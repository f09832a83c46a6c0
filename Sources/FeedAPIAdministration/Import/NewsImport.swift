import FeedAPIStorage
import Foundation
import MediaPipeline

/// `essential-feed news import FILE.json`: replaces the news with the stories, web links and
/// adverts a JSON file describes, their photos (paths relative to the file) through the media
/// pipeline. The whole file is checked first and every problem is reported with where it is;
/// nothing is changed unless all of it is valid.
public struct NewsImport: Sendable {
    /// Bounds on what a file may hold, so a mistaken or hostile file cannot exhaust the machine.
    static let maximumFileBytes = 8 * 1_024 * 1_024
    static let maximumItems = 1_000
    static let maximumBlocks = 200
    static let maximumTextLength = 20_000
    static let maximumHeadlineLength = 300

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// Each problem, with the place in the file it is about (`stories[2].headline`).
        public let problems: [String]

        public var description: String {
            "The news file cannot be imported:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    public struct Summary: Equatable, Sendable {
        public let stories: Int
        public let webLinks: Int
        public let adverts: Int
        public let photos: Int
    }

    private let store: any NewsWriting
    private let processor: PhotoProcessor
    private let now: @Sendable () -> Date

    init(store: any NewsWriting, processor: PhotoProcessor = PhotoProcessor(), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.processor = processor
        self.now = now
    }

    /// An import that replaces the news of `database`.
    package init(_ database: some APIStorage) {
        self.init(store: database.news)
    }

    public func run(file: URL) async throws -> Summary {
        let edition = try read(file)
        try await store.replaceNews(with: edition)
        let photos =
            edition.stories.reduce(0) { count, story in
                count + 1 + story.contents.filter { if case .image = $0 { true } else { false } }.count
            } + edition.webLinks.filter { $0.image != nil }.count + edition.adverts.count
        return Summary(stories: edition.stories.count, webLinks: edition.webLinks.count, adverts: edition.adverts.count, photos: photos)
    }

    /// The edition the file describes. - Throws: `Invalid` with every problem found.
    func read(_ file: URL) throws -> NewsEdition {
        let data: Data
        do {
            let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
            guard size <= Self.maximumFileBytes else {
                throw Invalid(problems: ["the file has \(size) bytes; at most \(Self.maximumFileBytes) are read"])
            }
            data = try Data(contentsOf: file)
        } catch let invalid as Invalid {
            throw invalid
        } catch {
            throw Invalid(problems: ["cannot read \(file.path): \(error.localizedDescription)"])
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Invalid(problems: ["the file is not valid JSON"])
        }
        var reader = EditionReader(folder: file.deletingLastPathComponent(), processor: processor, now: now())
        let edition = reader.edition(from: root)
        guard reader.problems.isEmpty, let edition else { throw Invalid(problems: reader.problems) }
        return edition
    }
}

/// Walks the JSON, noting every problem with its place, and processes each photo once.
private struct EditionReader {
    let folder: URL
    let processor: PhotoProcessor
    let now: Date
    var problems: [String] = []
    private var photos: [String: ProcessedPhoto] = [:]

    init(folder: URL, processor: PhotoProcessor, now: Date) {
        self.folder = folder
        self.processor = processor
        self.now = now
    }

    mutating func edition(from root: Any) -> NewsEdition? {
        guard let object = root as? [String: Any] else {
            problems.append("the file must hold an object with `title`, `stories`, `weblinks` and `adverts`")
            return nil
        }
        let title = text(object["title"], at: "title", maximum: NewsImport.maximumHeadlineLength) ?? ""
        let stories = list(object["stories"], at: "stories").enumerated().compactMap { story($1, at: "stories[\($0)]") }
        let webLinks = list(object["weblinks"], at: "weblinks", optional: true).enumerated().compactMap { webLink($1, at: "weblinks[\($0)]") }
        let adverts = list(object["adverts"], at: "adverts", optional: true).enumerated().compactMap { advert($1, at: "adverts[\($0)]") }
        let ids = stories.map(\.id) + webLinks.map(\.id) + adverts.map(\.id)
        if Set(ids).count != ids.count { problems.append("two items have the same `id`") }
        if stories.count + webLinks.count + adverts.count > NewsImport.maximumItems {
            problems.append("at most \(NewsImport.maximumItems) items in all")
        }
        return NewsEdition(title: title, stories: stories, webLinks: webLinks, adverts: adverts)
    }

    private mutating func story(_ value: Any, at path: String) -> NewStory? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object")
            return nil
        }
        let headline = text(object["headline"], at: path + ".headline", maximum: NewsImport.maximumHeadlineLength)
        let teaser = text(object["teaser"], at: path + ".teaser", maximum: NewsImport.maximumTextLength)
        let image = photo(object["image"], at: path + ".image", decorativeAllowed: false)
        let (createdAt, updatedAt) = dates(of: object, at: path)
        let blocks = list(object["contents"], at: path + ".contents")
        if blocks.count > NewsImport.maximumBlocks { problems.append("\(path).contents: at most \(NewsImport.maximumBlocks) blocks") }
        let contents = blocks.prefix(NewsImport.maximumBlocks).enumerated().compactMap { index, block in
            self.block(block, at: "\(path).contents[\(index)]")
        }
        let id = id(object["id"], at: path)
        guard let headline, let teaser, let image, let createdAt, let updatedAt else { return nil }
        return NewStory(
            id: id, headline: headline, teaser: teaser, heroImage: image,
            createdAt: createdAt, updatedAt: updatedAt, contents: contents)
    }

    private mutating func block(_ value: Any, at path: String) -> NewStoryBlock? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object")
            return nil
        }
        switch object["type"] as? String {
        case "paragraph":
            return text(object["text"], at: path + ".text", maximum: NewsImport.maximumTextLength).map { .paragraph($0) }
        case "image":
            return photo(object, at: path, decorativeAllowed: true).map { .image($0) }
        default:
            problems.append("\(path).type must be \"paragraph\" or \"image\"")
            return nil
        }
    }

    private mutating func webLink(_ value: Any, at path: String) -> NewWebLink? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object")
            return nil
        }
        let headline = text(object["headline"], at: path + ".headline", maximum: NewsImport.maximumHeadlineLength)
        let url = webAddress(object["url"], at: path + ".url")
        let image = object["image"].flatMap { photo($0, at: path + ".image", decorativeAllowed: false) }
        let (createdAt, updatedAt) = dates(of: object, at: path)
        let id = id(object["id"], at: path)
        guard let headline, let url, let createdAt, let updatedAt else { return nil }
        return NewWebLink(id: id, headline: headline, url: url, image: image, createdAt: createdAt, updatedAt: updatedAt)
    }

    private mutating func advert(_ value: Any, at path: String) -> NewAdvert? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object")
            return nil
        }
        let url = webAddress(object["url"], at: path + ".url")
        let advertiser = text(object["advertiser"], at: path + ".advertiser", maximum: NewsImport.maximumHeadlineLength)
        let offer = object["offer"].flatMap { $0 is NSNull ? nil : text($0, at: path + ".offer", maximum: NewsImport.maximumHeadlineLength) }
        let image = photo(object["image"], at: path + ".image", decorativeAllowed: false)
        let slot = (object["slot"] as? Int).flatMap { (0...NewsImport.maximumItems).contains($0) ? $0 : nil }
        if slot == nil { problems.append("\(path).slot must be a whole number from 0 to \(NewsImport.maximumItems)") }
        let id = id(object["id"], at: path)
        guard let url, let advertiser, let image, let slot else { return nil }
        return NewAdvert(id: id, url: url, advertiser: advertiser, image: image, slot: slot, offer: offer)
    }

    // MARK: - Values

    private mutating func list(_ value: Any?, at path: String, optional: Bool = false) -> [Any] {
        if value == nil, optional { return [] }
        guard let array = value as? [Any] else {
            problems.append("\(path) must be a list")
            return []
        }
        return array
    }

    private mutating func text(_ value: Any?, at path: String, maximum: Int) -> String? {
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            problems.append("\(path) is missing or empty")
            return nil
        }
        guard text.count <= maximum else {
            problems.append("\(path) has more than \(maximum) characters")
            return nil
        }
        return text
    }

    /// A given `id` must be a UUID; without one, a new one is made.
    private mutating func id(_ value: Any?, at path: String) -> UUID {
        guard let value else { return UUID() }
        guard let text = value as? String, let id = UUID(uuidString: text) else {
            problems.append("\(path).id must be a UUID")
            return UUID()
        }
        return id
    }

    private mutating func webAddress(_ value: Any?, at path: String) -> String? {
        guard let text = value as? String, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), url.host() != nil, text.count <= 2_000
        else {
            problems.append("\(path) must be an http or https address")
            return nil
        }
        return text
    }

    private mutating func dates(of object: [String: Any], at path: String) -> (Date?, Date?) {
        let created = date(object["created_at"], at: path + ".created_at")
        let updated = date(object["updated_at"], at: path + ".updated_at")
        if let created, let updated, updated < created {
            problems.append("\(path).updated_at is before its created_at")
        }
        if let updated, updated > now.addingTimeInterval(24 * 3_600) {
            problems.append("\(path).updated_at is in the future")
        }
        return (created, updated)
    }

    private mutating func date(_ value: Any?, at path: String) -> Date? {
        guard let text = value as? String, let date = APIDateFormat.date(from: text) else {
            problems.append("\(path) must be a date such as 2026-11-20T09:30:00+0000")
            return nil
        }
        return date
    }

    /// `{"file": "path relative to the JSON file", "alt": "…"}`; an empty alt marks a decorative image.
    /// The photo a relative path names inside the JSON file's folder; `nil` for an absolute
    /// path, one that climbs out with `..`, or a link that leads out of the folder.
    private func fileUnderFolder(_ name: String) -> URL? {
        guard !name.hasPrefix("/"), !name.hasPrefix("~"), !name.contains("\0"),
            !name.split(separator: "/").contains("..")
        else { return nil }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let url = folder.appending(path: name).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return url
    }

    private mutating func photo(_ value: Any?, at path: String, decorativeAllowed: Bool) -> NewNewsPhoto? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object with `file` and `alt`")
            return nil
        }
        guard let alt = object["alt"] as? String, alt.count <= NewsImport.maximumHeadlineLength * 2 else {
            problems.append("\(path).alt is missing (an empty alt marks a decorative image)")
            return nil
        }
        if alt.trimmingCharacters(in: .whitespaces).isEmpty, !decorativeAllowed {
            problems.append("\(path).alt is empty: only images among a story's contents may be decorative")
        }
        guard let name = object["file"] as? String, !name.isEmpty else {
            problems.append("\(path).file is missing")
            return nil
        }
        if let known = photos[name] { return NewNewsPhoto(photo: known, alt: alt) }
        guard let url = fileUnderFolder(name) else {
            problems.append("\(path).file \(name) is not under the file's own folder: name a photo by a path relative to it, without ..")
            return nil
        }
        do {
            let bytes = try Data(contentsOf: url, options: .mappedIfSafe)
            guard bytes.count <= processor.limits.maximumBytes else {
                problems.append("\(path).file \(name) has \(bytes.count) bytes; a photo has at most \(processor.limits.maximumBytes)")
                return nil
            }
            let processed = try processor.process(bytes)
            photos[name] = processed
            return NewNewsPhoto(photo: processed, alt: alt)
        } catch let error as PhotoProcessingError {
            problems.append("\(path).file \(name) \(PhotoImport.reason(for: error))")
        } catch {
            problems.append("\(path).file \(name) cannot be read")
        }
        return nil
    }
}
