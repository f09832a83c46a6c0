import FeedAPIStorage
import Foundation
import ZIPFoundation

/// What an untrusted archive holds, read within bounds: its photos in path order, each with
/// the entry describing it when there is one, and the entries left out with why. No entry is
/// read here; `read(_:limit:)` reads one, never past its bound whatever its header claims.
package struct ArchiveContents {
    /// A description that cannot be used, and why.
    package struct DescriptionProblem: Error, Equatable {
        package let reason: String
    }

    private let archive: Archive
    package private(set) var photos: [(photo: Entry, description: Entry?)] = []
    package private(set) var skipped: [ArchiveImport.Skipped] = []

    /// - Throws: `ArchiveImport.Failure.tooManyEntries` past `maximumEntries`.
    package init(_ archive: Archive, maximumEntries: Int) throws(ArchiveImport.Failure) {
        self.archive = archive
        var photoEntries: [Entry] = []
        var descriptions: [String: Entry] = [:]
        var names: Set<String> = []
        var count = 0
        for entry in archive {
            count += 1
            guard count <= maximumEntries else { throw .tooManyEntries(limit: maximumEntries) }
            guard entry.type != .directory else { continue }
            let name = entry.path
            guard Self.isSafe(name) else {
                skipped.append(ArchiveImport.Skipped(file: Self.printable(name), reason: "its name is not a plain path inside the archive"))
                continue
            }
            guard name.hasPrefix(ArchiveLayout.photosFolder) else { continue }
            guard entry.type == .file else {
                skipped.append(ArchiveImport.Skipped(file: name, reason: "a link, not a file"))
                continue
            }
            // Only a name's first entry is read: programs that unpack archives disagree on which
            // of two they keep, so a second could pass for a photo or description nobody saw.
            guard names.insert(name).inserted else {
                skipped.append(ArchiveImport.Skipped(file: name, reason: "another entry of the archive has this name"))
                continue
            }
            let fileExtension = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if fileExtension == "json" {
                descriptions[name] = entry
            } else if Self.photoExtensions.contains(fileExtension) {
                photoEntries.append(entry)
            } else {
                skipped.append(ArchiveImport.Skipped(file: name, reason: "not a photo (only JPEG, PNG and WebP files are imported)"))
            }
        }
        photos = photoEntries.sorted { $0.path < $1.path }.map { ($0, descriptions[ArchiveLayout.descriptionFile(ofPhoto: $0.path)]) }
    }

    /// The entry's bytes, reading no more than `limit` (whatever its header says); `nil` when
    /// it is larger, fails its checksum or is otherwise corrupt.
    package func read(_ entry: Entry, limit: Int) -> Data? {
        guard entry.uncompressedSize <= UInt64(limit) else { return nil }
        var data = Data()
        do {
            let checksum = try archive.extract(entry, bufferSize: 64 * 1024) { chunk in
                guard data.count + chunk.count <= limit else { throw EntryTooLarge() }
                data.append(chunk)
            }
            guard checksum == entry.checksum else { return nil }
        } catch {
            return nil
        }
        return data
    }

    /// The post a photo's description entry describes, checked against the bounds of a post;
    /// `nil` for a photo without one.
    package func description(_ entry: Entry?, limit: Int) -> Result<ArchivedPost?, DescriptionProblem> {
        guard let entry else { return .success(nil) }
        guard let bytes = read(entry, limit: limit) else {
            return .failure(DescriptionProblem(reason: "its description is larger than \(limit) bytes or corrupt"))
        }
        guard let post = try? ArchiveJSON.decoder().decode(ArchivedPost.self, from: bytes) else {
            return .failure(DescriptionProblem(reason: "its description is not the JSON an export writes"))
        }
        if let problem = Self.problem(with: post) { return .failure(DescriptionProblem(reason: problem)) }
        return .success(post)
    }

    private struct EntryTooLarge: Error {}

    /// The photo files the `photos/` folder may hold; their bytes then tell the format.
    private static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// Why a description cannot be posted as it is, when it cannot.
    private static func problem(with post: ArchivedPost) -> String? {
        let texts: [(PostTextBounds.Field, String?)] = [
            (.description, post.description), (.location, post.location), (.alt, post.alt), (.contentWarning, post.contentWarning)
        ]
        for case let (field, text?) in texts {
            if let cleaned = PostTextBounds.cleaned(text), let problem = PostTextBounds.problem(with: cleaned, as: field) {
                return "its \(problem)"
            }
        }
        guard PostVisibility(rawValue: post.visibility) != nil else { return "its visibility is neither public nor followers" }
        return nil
    }

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
