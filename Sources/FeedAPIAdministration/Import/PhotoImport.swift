import FeedAPIStorage
import Foundation
import MediaPipeline

/// `essential-feed import`: every photo file under a folder, through the media pipeline, into
/// an API database as posts of one account. Files are taken in order of their paths and each
/// goes first in the feed as it lands; a file already imported (the same bytes) is skipped, and
/// a file that fails is reported without stopping the rest. Photos are processed in parallel,
/// one per core, and stored in path order.
public struct PhotoImport: Sendable {
    /// The extensions of the files looked at; the bytes, not the name, then tell the format.
    public static let fileExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownAuthor(String)
        case unreadableFolder(String)

        public var description: String {
            switch self {
            case .unknownAuthor(let name): "No account has the username \(name): add it with `essential-feed accounts add` first."
            case .unreadableFolder(let path): "Cannot read the folder \(path)."
            }
        }
    }

    /// What became of one file.
    public enum Outcome: Equatable, Sendable {
        case imported
        /// Its bytes were imported before (by an earlier run, or earlier in this one).
        case skipped
        case failed(reason: String)
    }

    public struct Progress: Equatable, Sendable {
        public let file: URL
        public let outcome: Outcome
        public let done: Int
        public let total: Int
    }

    public struct Summary: Equatable, Sendable {
        public var imported = 0
        public var skipped = 0
        public var failures: [FailedFile] = []
    }

    public struct FailedFile: Equatable, Sendable {
        public let file: URL
        public let reason: String
    }

    private let repository: any FeedRepository
    private let author: String
    private let processor: PhotoProcessor
    private let parallelism: Int
    private let now: @Sendable () -> Date

    /// An import into `database`; the posts are `author`'s, an account that must exist.
    /// `parallelism` photos are processed at once (one per core by default).
    package static func open(
        _ database: some APIStorage, author: String, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws -> PhotoImport {
        guard let username = Username(author), try await database.accounts.account(named: username) != nil else {
            throw Failure.unknownAuthor(author.lowercased())
        }
        return PhotoImport(repository: database.feed, author: username.value, parallelism: parallelism)
    }

    init(
        repository: any FeedRepository, author: String, processor: PhotoProcessor = PhotoProcessor(),
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.repository = repository
        self.author = author
        self.processor = processor
        self.parallelism = max(1, parallelism)
        self.now = now
    }

    /// The photo files under `folder` and its subfolders, hidden ones left out, in path order.
    public static func photoFiles(under folder: URL) throws -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw Failure.unreadableFolder(folder.path) }
        var files: [URL] = []
        for case let url as URL in enumerator where fileExtensions.contains(url.pathExtension.lowercased()) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        guard !files.isEmpty || FileManager.default.fileExists(atPath: folder.path) else { throw Failure.unreadableFolder(folder.path) }
        return files.sorted { $0.path < $1.path }
    }

    /// Imports `files`, telling `progress` about each in order; the summary counts every file.
    public func run(_ files: [URL], progress: @Sendable (Progress) -> Void = { _ in }) async -> Summary {
        var summary = Summary()
        var seenThisRun = Set<ImageDigest>()
        var ready: [Int: Prepared] = [:]
        var nextToStore = 0
        var nextToStart = 0
        var running = 0
        await withTaskGroup(of: (Int, Prepared).self) { group in
            func startMore() {
                // At most two photos per worker wait to be stored, so memory stays bounded.
                while running < parallelism, nextToStart < files.count, nextToStart - nextToStore < parallelism * 2 {
                    let index = nextToStart
                    group.addTask { (index, await prepare(files[index])) }
                    nextToStart += 1
                    running += 1
                }
            }
            startMore()
            while let (index, prepared) = await group.next() {
                running -= 1
                ready[index] = prepared
                while let prepared = ready.removeValue(forKey: nextToStore) {
                    let outcome = await store(prepared, seenThisRun: &seenThisRun)
                    switch outcome {
                    case .imported: summary.imported += 1
                    case .skipped: summary.skipped += 1
                    case .failed(let reason): summary.failures.append(FailedFile(file: files[nextToStore], reason: reason))
                    }
                    nextToStore += 1
                    progress(Progress(file: files[nextToStore - 1], outcome: outcome, done: nextToStore, total: files.count))
                }
                startMore()
            }
        }
        return summary
    }

    private enum Prepared: Sendable {
        case photo(ProcessedPhoto, source: ImageDigest, description: String?)
        case known
        case failed(String)
    }

    private func prepare(_ file: URL) async -> Prepared {
        do {
            let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
            guard size <= processor.limits.maximumBytes else {
                return .failed(Self.reason(for: .tooManyBytes(count: size, limit: processor.limits.maximumBytes)))
            }
            let bytes = try Data(contentsOf: file)
            let source = ImageDigest(of: bytes)
            if try await repository.containsItem(fromSource: source) { return .known }
            let photo = try processor.process(bytes)
            return .photo(photo, source: source, description: Self.sidecarDescription(of: file))
        } catch let error as PhotoProcessingError {
            return .failed(Self.reason(for: error))
        } catch {
            return .failed("cannot be read: \(error.localizedDescription)")
        }
    }

    private func store(_ prepared: Prepared, seenThisRun: inout Set<ImageDigest>) async -> Outcome {
        switch prepared {
        case .known:
            return .skipped
        case .failed(let reason):
            return .failed(reason: reason)
        case .photo(let photo, let source, let description):
            guard seenThisRun.insert(source).inserted else { return .skipped }
            let item = NewFeedItem(
                id: UUID(), description: description, location: nil, photo: photo,
                authorUsername: author, createdAt: now(), source: source)
            do {
                _ = try await repository.publish(item)
                return .imported
            } catch {
                return .failed(reason: "could not be stored: \(error)")
            }
        }
    }

    /// The text of `NAME.txt` beside `NAME.jpg`, trimmed, when there is one: the post's description.
    static func sidecarDescription(of file: URL) -> String? {
        let sidecar = file.deletingPathExtension().appendingPathExtension("txt")
        guard let size = try? sidecar.resourceValues(forKeys: [.fileSizeKey]).fileSize, size <= 8_192,
            let text = try? String(contentsOf: sidecar, encoding: .utf8)
        else { return nil }
        let trimmed = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(500))
        return trimmed.isEmpty ? nil : trimmed
    }

    static func reason(for error: PhotoProcessingError) -> String {
        error.reasonForSkipping
    }
}
