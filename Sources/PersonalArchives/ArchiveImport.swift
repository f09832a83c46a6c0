import FeedAPIStorage
import Foundation
import MediaPipeline
import ZIPFoundation

/// Posts the photos of a personal archive (as `ArchiveExport` writes it) as one person's,
/// with their texts, visibility and original dates. The archive is untrusted: an entry is read
/// only up to its bound, whatever its header claims; names are never used as paths; anything
/// that is not a photo of the archive's layout is skipped with a reason, never a crash.
package struct ArchiveImport: Sendable {
    package struct Limits: Sendable {
        /// Entries looked at; an archive with more is refused.
        package var entries = 50_000
        /// The bytes read of one JSON description.
        package var descriptionBytes = 256 * 1024
        /// The bytes read of one photo: the media pipeline's own bound.
        package var photoBytes = PhotoLimits.standard.maximumBytes

        package init() {}
    }

    /// One entry that was not posted, and why.
    package struct Skipped: Codable, Equatable, Sendable {
        package var file: String
        package var reason: String
    }

    /// What an import did, file by file.
    package struct Report: Codable, Equatable, Sendable {
        /// The archive's photo files that became posts.
        package var imported: [String] = []
        package var skipped: [Skipped] = []

        package init() {}
    }

    package enum Failure: Error, Equatable, CustomStringConvertible {
        case notAnArchive
        case tooManyEntries(limit: Int)

        package var description: String {
            switch self {
            case .notAnArchive: "The file is not a ZIP archive."
            case .tooManyEntries(let limit): "The archive has more than \(limit) entries."
            }
        }
    }

    private let feed: any FeedRepository
    private let author: Username
    private let process: @Sendable (Data) async throws -> ProcessedPhoto
    private let limits: Limits
    private let now: @Sendable () -> Date

    /// An import of photos as `author`'s; `process` runs the media pipeline (on the caller's threads).
    package init(
        feed: any FeedRepository, author: Username, limits: Limits = Limits(), now: @escaping @Sendable () -> Date = Date.init,
        process: @escaping @Sendable (Data) async throws -> ProcessedPhoto
    ) {
        self.feed = feed
        self.author = author
        self.process = process
        self.limits = limits
        self.now = now
    }

    /// Imports the archive at `file`, telling `progress` how far it is (0 to 1).
    package func run(_ file: URL, progress: @Sendable (Double) async -> Void = { _ in }) async throws -> Report {
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw Failure.notAnArchive
        }
        var report = Report()
        var photos: [Entry] = []
        var descriptions: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.entries else { throw Failure.tooManyEntries(limit: limits.entries) }
            guard entry.type == .file else { continue }
            let name = entry.path
            guard Self.isSafe(name) else {
                report.skipped.append(Skipped(file: Self.printable(name), reason: "its name is not a plain path inside the archive"))
                continue
            }
            guard name.hasPrefix(ArchiveLayout.photosFolder) else { continue }
            let fileExtension = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if fileExtension == "json" {
                descriptions[name] = entry
            } else if PhotoFileKind.extensions.contains(fileExtension) {
                photos.append(entry)
            } else {
                report.skipped.append(Skipped(file: name, reason: "not a photo (only JPEG, PNG and WebP files are imported)"))
            }
        }
        photos.sort { $0.path < $1.path }
        var seen = Set<ImageDigest>()
        for (index, entry) in photos.enumerated() {
            try Task.checkCancellation()
            let description = descriptions[ArchiveLayout.descriptionFile(ofPhoto: entry.path)]
            if let skipped = await importPhoto(entry, describedBy: description, from: archive, seen: &seen) {
                report.skipped.append(skipped)
            } else {
                report.imported.append(entry.path)
            }
            await progress(Double(index + 1) / Double(photos.count))
        }
        await progress(1)
        return report
    }

    /// Posts one photo; why not, when it was skipped.
    private func importPhoto(
        _ entry: Entry, describedBy descriptionEntry: Entry?, from archive: Archive, seen: inout Set<ImageDigest>
    ) async -> Skipped? {
        let name = entry.path
        func skip(_ reason: String) -> Skipped { Skipped(file: name, reason: reason) }
        var post: ArchivedPost?
        if let descriptionEntry {
            guard let bytes = Self.read(descriptionEntry, from: archive, limit: limits.descriptionBytes) else {
                return skip("its description is larger than \(limits.descriptionBytes) bytes or corrupt")
            }
            guard let decoded = try? ArchiveJSON.decoder().decode(ArchivedPost.self, from: bytes) else {
                return skip("its description is not the JSON an export writes")
            }
            post = decoded
        }
        if let problem = post.flatMap(Self.problem(with:)) { return skip(problem) }
        guard let bytes = Self.read(entry, from: archive, limit: limits.photoBytes) else {
            return skip("larger than \(limits.photoBytes) bytes, or corrupt")
        }
        let digest = ImageDigest(of: bytes)
        guard seen.insert(digest).inserted else { return skip("the same photo is earlier in the archive") }
        do {
            let postedBefore = try await feed.containsItem(fromSource: digest)
            let keptBefore = try await postedBefore ? true : feed.image(withDigest: digest) != nil
            if keptBefore { return skip("already posted here") }
        } catch {
            return skip("could not be checked: the database did not answer")
        }
        let photo: ProcessedPhoto
        do {
            photo = try await process(bytes)
        } catch let error as PhotoProcessingError {
            return skip(error.reasonForSkipping)
        } catch {
            return skip("could not be processed")
        }
        var item = NewFeedItem(
            id: UUID(), description: post?.description, location: post?.location, photo: Self.keepingOriginal(bytes, in: photo), alt: post?.alt,
            authorUsername: author.value, createdAt: post?.createdAt ?? now(), source: digest)
        item.contentWarning = post?.contentWarning
        item.visibility = post.flatMap { PostVisibility(rawValue: $0.visibility) } ?? .public
        do {
            _ = try await feed.publish(item)
            return nil
        } catch {
            return skip("could not be stored")
        }
    }

    /// The processed photo, its largest rendition replaced by the archive's own bytes when they
    /// are a plain JPEG of that very size (as an export writes them).
    private static func keepingOriginal(_ bytes: Data, in photo: ProcessedPhoto) -> ProcessedPhoto {
        guard let full = photo.renditions[.full], full.mediaType == "image/jpeg", PlainJPEG.isPlain(bytes),
            let size = JPEGSize.of(bytes), size == (full.width, full.height)
        else { return photo }
        var renditions = photo.renditions
        renditions[.full] = EncodedRendition(width: full.width, height: full.height, mediaType: full.mediaType, bytes: bytes)
        return ProcessedPhoto(
            width: photo.width, height: photo.height, averageColor: photo.averageColor, blurHash: photo.blurHash, renditions: renditions)
    }

    /// Why a description cannot be posted as it is, when it cannot.
    private static func problem(with post: ArchivedPost) -> String? {
        let texts: [(String, String?, Int)] = [
            ("description", post.description, PostTextBounds.text), ("location", post.location, PostTextBounds.text),
            ("alt", post.alt, PostTextBounds.text), ("content_warning", post.contentWarning, PostTextBounds.contentWarning)
        ]
        for (field, text, limit) in texts where (text?.count ?? 0) > limit {
            return "its \(field) is longer than \(limit) characters"
        }
        guard PostVisibility(rawValue: post.visibility) != nil else { return "its visibility is neither public nor followers" }
        return nil
    }

    /// The entry's bytes, reading no more than `limit` (whatever its header says); `nil` when
    /// it is larger or corrupt.
    private static func read(_ entry: Entry, from archive: Archive, limit: Int) -> Data? {
        guard entry.uncompressedSize <= UInt64(limit) else { return nil }
        var data = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 64 * 1024) { chunk in
                guard data.count + chunk.count <= limit else { throw EntryTooLarge() }
                data.append(chunk)
            }
        } catch {
            return nil
        }
        return data
    }

    private struct EntryTooLarge: Error {}

    /// Relative, with no `..`, backslash or control character: never a way out of a folder.
    static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix("/") && !name.contains("\\")
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
            && !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    /// A name as a report may show it: control characters replaced, at most 120 characters.
    private static func printable(_ name: String) -> String {
        String(String(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }).prefix(120))
    }
}

/// The photo files an archive's `photos/` folder may hold; their bytes then tell the format.
enum PhotoFileKind {
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp"]
}
