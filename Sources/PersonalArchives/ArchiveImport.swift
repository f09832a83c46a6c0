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
        /// The bytes read of one JSON description: an export's, with a photo's many comments.
        package var descriptionBytes = 16 * 1024 * 1024
        /// The bytes read of the whole archive, inflated: entries may share their data, so a
        /// small archive could otherwise be read for hours.
        package var totalBytes: Int64 = 4 * 1024 * 1024 * 1024
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
        case unreadableFile
        case notAnArchive
        case tooManyEntries(limit: Int)
        case authorMayNotPost

        package var description: String {
            switch self {
            case .unreadableFile: "The file cannot be read (it is missing, or not a file)."
            case .notAnArchive: "The file is not a ZIP archive."
            case .tooManyEntries(let limit): "The archive has more than \(limit) entries."
            case .authorMayNotPost: "The account can no longer post (it was suspended or removed); the import stopped."
            }
        }
    }

    private let feed: any FeedRepository
    private let author: Username
    private let process: @Sendable (Data) async throws -> ProcessedPhoto
    private let limits: Limits
    private let now: @Sendable () -> Date
    private let authorMayPost: @Sendable () async throws -> Bool

    /// An import of photos as `author`'s; `process` runs the media pipeline (on the caller's
    /// threads). `authorMayPost` is asked before each photo, so a suspension or an account's
    /// removal stops an import under way.
    package init(
        feed: any FeedRepository, author: Username, limits: Limits = Limits(), now: @escaping @Sendable () -> Date = Date.init,
        authorMayPost: @escaping @Sendable () async throws -> Bool, process: @escaping @Sendable (Data) async throws -> ProcessedPhoto
    ) {
        self.feed = feed
        self.author = author
        self.authorMayPost = authorMayPost
        self.process = process
        self.limits = limits
        self.now = now
    }

    /// Imports the archive at `file`, telling `progress` how far it is (0 to 1).
    package func run(_ file: URL, progress: @Sendable (Double) async -> Void = { _ in }) async throws -> Report {
        // A folder or a device would be read forever.
        guard (try? FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType) == .typeRegular else {
            throw Failure.unreadableFile
        }
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw Failure.notAnArchive
        }
        let contents = try ArchiveContents(archive, maximumEntries: limits.entries)
        var report = Report()
        report.skipped = contents.skipped
        // Newest first: each goes below those before it, at the end of the feed, where old
        // photos belong (they never crowd the top of anyone's feed or timeline).
        let photos = Array(contents.photos.reversed())
        var seen = Set<ImageDigest>()
        var budget = limits.totalBytes
        for (index, (entry, description)) in photos.enumerated() {
            try Task.checkCancellation()
            guard try await authorMayPost() else { throw Failure.authorMayNotPost }
            // What reading the entry and its description may cost at most, whatever they hold.
            let cost =
                Int64(min(entry.uncompressedSize, UInt64(limits.photoBytes)))
                + Int64(min(description?.uncompressedSize ?? 0, UInt64(limits.descriptionBytes)))
            budget -= cost
            if budget < 0 {
                report.skipped.append(Skipped(file: entry.path, reason: "the archive holds more than \(limits.totalBytes) bytes in all"))
            } else if let skipped = await importPhoto(entry, describedBy: description, from: contents, seen: &seen) {
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
        _ entry: Entry, describedBy descriptionEntry: Entry?, from contents: ArchiveContents, seen: inout Set<ImageDigest>
    ) async -> Skipped? {
        let name = entry.path
        func skip(_ reason: String) -> Skipped { Skipped(file: name, reason: reason) }
        let post: ArchivedPost?
        switch contents.description(descriptionEntry, limit: limits.descriptionBytes) {
        case .success(let described): post = described
        case .failure(let problem): return skip(problem.reason)
        }
        // A post's date orders the owner's profile: none before the epoch, none to come.
        if let date = post?.createdAt, !(Date(timeIntervalSince1970: 0)...now().addingTimeInterval(24 * 3_600)).contains(date) {
            return skip("its date is before 1970 or still to come")
        }
        guard let bytes = contents.read(entry, limit: limits.photoBytes) else {
            return skip("larger than \(limits.photoBytes) bytes, or corrupt")
        }
        let digest = ImageDigest(of: bytes)
        guard seen.insert(digest).inserted else { return skip("the same photo is elsewhere in the archive") }
        do {
            if try await feed.containsPhoto(digest, postedBy: author) { return skip("already posted here") }
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
            id: UUID(), description: PostTextBounds.cleaned(post?.description), location: PostTextBounds.cleaned(post?.location),
            photo: Self.keepingOriginal(bytes, in: photo), alt: PostTextBounds.cleaned(post?.alt), authorUsername: author.value,
            createdAt: post?.createdAt ?? now(), source: digest)
        item.contentWarning = PostTextBounds.cleaned(post?.contentWarning)
        item.visibility = post.flatMap { PostVisibility(rawValue: $0.visibility) } ?? .public
        do {
            try await feed.append([item])
            return nil
        } catch {
            return skip("could not be stored")
        }
    }

    /// The processed photo, its largest rendition replaced by the archive's own bytes when they
    /// are a plain JPEG of that very size (as an export writes them).
    private static func keepingOriginal(_ bytes: Data, in photo: ProcessedPhoto) -> ProcessedPhoto {
        guard let full = photo.renditions[.full], full.mediaType == "image/jpeg", PlainJPEG.isPlain(bytes),
            bytes.withUnsafeBytes({ JPEGStructure(scanning: $0) }).size == (full.width, full.height)
        else { return photo }
        var renditions = photo.renditions
        renditions[.full] = EncodedRendition(width: full.width, height: full.height, mediaType: full.mediaType, bytes: bytes)
        return ProcessedPhoto(
            width: photo.width, height: photo.height, averageColor: photo.averageColor, blurHash: photo.blurHash, renditions: renditions)
    }
}
