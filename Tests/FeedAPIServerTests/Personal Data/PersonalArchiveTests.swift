import FeedAPIPostgres
import Foundation
import MediaPipeline
import PhotoFixtures
import PostgresTestCluster
import Synchronization
import Testing
import ZIPFoundation

@testable import FeedAPIStorage
@testable import PersonalArchives

/// A person's archive: what an export writes, and what an import makes of it, on both databases.
@Suite("Personal archives: export and import")
struct PersonalArchiveTests {
    private let joined = Date(timeIntervalSince1970: 1_790_000_000)
    private let exportedAt = Date(timeIntervalSince1970: 1_795_000_000)
    private let processor = PhotoProcessor()

    @Test(.needsPostgreSQL)
    func anArchiveExportedOnSQLite_importsOnPostgreSQL_withTheSamePhotosTextsAndDates() async throws {
        let source = try APIDatabase.open(path: temporaryDatabasePath())
        let ann = try await makeAccount("ann", in: source)
        let ben = try await makeAccount("ben", in: source)
        _ = try await source.social.follow(ben.id, by: ann.id, at: joined)
        _ = try await source.social.follow(ann.id, by: ben.id, at: joined)
        let posts = [
            try await post(by: "ann", in: source, seed: 1, daysAfterJoining: 1, description: "Harbour at dawn", location: "Porto", alt: "Boats"),
            try await post(by: "ann", in: source, seed: 2, daysAfterJoining: 2, description: "For friends", visibility: .followers),
            try await post(by: "ann", in: source, seed: 3, daysAfterJoining: 3, description: nil, contentWarning: "Spiders")
        ]
        let bensPost = try await post(by: "ben", in: source, seed: 4, daysAfterJoining: 4, description: "Ben's")
        _ = try await source.feed.addComment(makeComment("Lovely light", createdAt: joined.addingTimeInterval(90_000), username: "ben"), onImage: posts[0].id)
        _ = try await source.feed.addComment(makeComment("Nice one", createdAt: joined.addingTimeInterval(400_000), username: "ann"), onImage: bensPost.id)
        _ = try await source.feed.addComment(makeComment("Thanks!", createdAt: joined.addingTimeInterval(400_100), username: "ann"), onImage: posts[0].id)

        let file = temporaryFile("ann.zip")
        let size = try await ArchiveExport(feed: source.feed, social: source.social).write(username: ann.username, to: file, at: exportedAt)

        let archive = try Archive(url: file, accessMode: .read)
        #expect(size > 0)
        let names = Set(archive.map(\.path))
        #expect(names.isSuperset(of: ["README.txt", "profile.json", "following.json", "followers.json", "comments.json"]))
        let profile = try decode(ArchivedProfile.self, named: "profile.json", in: archive)
        #expect(profile.username == "ann" && profile.displayName == "Ann" && profile.exportedAt == exportedAt)
        #expect(try decode([ArchivedPerson].self, named: "following.json", in: archive).map(\.username) == ["ben"])
        #expect(try decode([ArchivedPerson].self, named: "followers.json", in: archive).map(\.username) == ["ben"])
        let ownComments = try decode([ArchivedOwnComment].self, named: "comments.json", in: archive)
        #expect(ownComments.map(\.message) == ["Nice one"], "those on one's own photos are beside each photo")
        #expect(ownComments.first?.imageId == bensPost.id && ownComments.first?.imageAuthor == "ben")
        var exportedPhotos: [String: Data] = [:]
        for post in posts {
            let json = try #require(names.first { $0.hasPrefix("photos/") && $0.hasSuffix(post.id.uuidString.lowercased() + ".json") })
            let described = try decode(ArchivedPost.self, named: json, in: archive)
            #expect(described.description == post.description && described.createdAt == post.createdAt)
            #expect(described.visibility == post.visibility.rawValue && described.contentWarning == post.contentWarning)
            let fullDigest = try #require(post.photo?.renditions[.full]?.digest)
            let full = try #require(try await source.feed.image(withDigest: fullDigest))
            #expect(try read(described.file, in: archive) == full.data, "each photo is its largest rendition, byte for byte")
            exportedPhotos[post.description ?? "-"] = full.data
        }
        #expect(names.contains { $0.contains(bensPost.id.uuidString.lowercased()) } == false, "only the person's own photos")
        let harbour = try #require(names.first { $0.hasSuffix(posts[0].id.uuidString.lowercased() + ".json") })
        #expect(try decode(ArchivedPost.self, named: harbour, in: archive).comments.map(\.message) == ["Lovely light", "Thanks!"])

        let target = try await StorageKind.newPostgresDatabase()
        let newAnn = try await makeAccount("ann", in: target)
        let report = try await importer(into: target, as: "ann").run(file)

        #expect(report.skipped == [])
        #expect(report.imported.count == 3)
        let imported = try await target.social.posts(by: newAnn.id, visibleTo: newAnn.id, after: nil, limit: 10)
        #expect(Set(imported.map(\.createdAt)) == Set(posts.map(\.createdAt)), "original dates")
        for original in posts {
            let copy = try #require(imported.first { $0.createdAt == original.createdAt })
            #expect(copy.description == original.description && copy.location == original.location && copy.alt == original.alt)
            #expect(copy.visibility == original.visibility && copy.contentWarning == original.contentWarning)
            let copyDigest = try #require(copy.photo?.renditions[.full]?.digest)
            let bytes = try #require(try await target.feed.image(withDigest: copyDigest))
            #expect(bytes.data == exportedPhotos[original.description ?? "-"], "the same bytes, not encoded again")
        }

        let again = try await importer(into: target, as: "ann").run(file)
        #expect(again.imported == [])
        #expect(again.skipped.map(\.reason) == Array(repeating: "already posted here", count: 3))
        #expect(try await target.social.posts(by: newAnn.id, visibleTo: newAnn.id, after: nil, limit: 10).count == 3)

        let erin = try await makeAccount("erin", in: target)
        let hers = try await importer(into: target, as: "erin").run(file)
        #expect(hers.imported.count == 3 && hers.skipped == [], "someone else posting the same photos is no matter")
        #expect(try await target.social.posts(by: erin.id, visibleTo: erin.id, after: nil, limit: 10).count == 3)
    }

    @Test func anUntrustedArchive_isReadWithinItsBounds_andEveryRefusalSaysWhy() async throws {
        let database = try APIDatabase.open(path: temporaryDatabasePath())
        let ann = try await makeAccount("ann", in: database)
        let file = temporaryFile("hostile.zip")
        let archive = try Archive(url: file, accessMode: .create)
        let photo = try PhotoFixtures.photo(width: 64, height: 48, seed: 9)
        try add(photo, named: "../escape.jpg", to: archive)
        try add(photo, named: "photos//twice.jpg", to: archive)
        try add(Data(repeating: 0, count: 30_000_000), named: "photos/bomb.jpg", to: archive, compressed: true)
        try add(Data("not a picture".utf8), named: "photos/fake.jpg", to: archive)
        try add(Data("#!/bin/sh".utf8), named: "photos/run.sh", to: archive)
        try add(photo, named: "photos/long.jpg", to: archive)
        try add(
            Data(#"{"id":"\#(UUID())","file":"photos/long.jpg","visibility":"public","comments":[],"description":"\#(String(repeating: "a", count: 501))"}"#.utf8), named: "photos/long.json",
            to: archive)
        try add(try PhotoFixtures.photo(width: 64, height: 48, seed: 11), named: "photos/nul.jpg", to: archive)
        try add(
            Data(#"{"id":"\#(UUID())","file":"photos/nul.jpg","visibility":"public","comments":[],"description":"innocent\u0000 @eve"}"#.utf8),
            named: "photos/nul.json", to: archive)
        try add(try PhotoFixtures.photo(width: 64, height: 48, seed: 12), named: "photos/future.jpg", to: archive)
        try add(
            Data(#"{"id":"\#(UUID())","file":"photos/future.jpg","visibility":"public","comments":[],"created_at":"2099-01-01T00:00:00Z"}"#.utf8),
            named: "photos/future.json", to: archive)
        try add(photo, named: "photos/odd.jpg", to: archive)
        try add(Data("{not json".utf8), named: "photos/odd.json", to: archive)
        try add(photo, named: "photos/good.jpg", to: archive)
        try add(photo, named: "photos/good-again.jpg", to: archive)
        try add(try PhotoFixtures.photo(width: 64, height: 48, seed: 10), named: "photos/good.jpg", to: archive)
        try archive.addEntry(with: "photos/link.jpg", type: .symlink, uncompressedSize: Int64(11)) { (_: Int64, _: Int) in Data("/etc/passwd".utf8) }

        let report = try await importer(into: database, as: "ann").run(file)

        #expect(report.imported == ["photos/good.jpg"])
        let reasons = Dictionary(uniqueKeysWithValues: report.skipped.map { ($0.file, $0.reason) })
        #expect(reasons["../escape.jpg"] == "its name is not a plain path inside the archive")
        #expect(reasons["photos//twice.jpg"] == "its name is not a plain path inside the archive")
        #expect(reasons["photos/bomb.jpg"]?.hasPrefix("larger than") == true, "read no further than the bound")
        #expect(reasons["photos/fake.jpg"] == "is not a JPEG, PNG or WebP image")
        #expect(reasons["photos/run.sh"]?.hasPrefix("not a photo") == true)
        #expect(reasons["photos/long.jpg"] == "its `description` must be at most 500 characters.")
        #expect(reasons["photos/nul.jpg"] == "its `description` must not hold control characters other than line breaks.")
        #expect(reasons["photos/future.jpg"] == "its date is before 1970 or still to come")
        #expect(reasons["photos/odd.jpg"] == "its description is not the JSON an export writes")
        #expect(reasons["photos/good-again.jpg"] == "the same photo is elsewhere in the archive")
        #expect(reasons["photos/good.jpg"] == "another entry of the archive has this name")
        #expect(reasons["photos/link.jpg"] == "a link, not a file")
        #expect(try await database.social.posts(by: ann.id, visibleTo: ann.id, after: nil, limit: 10).count == 1)
    }

    @Test func anImport_stopsBeforeTheNextPhoto_onceItsAuthorMayNoLongerPost() async throws {
        let database = try APIDatabase.open(path: temporaryDatabasePath())
        let ann = try await makeAccount("ann", in: database)
        let file = temporaryFile("three.zip")
        let archive = try Archive(url: file, accessMode: .create)
        for seed in 30..<33 { try add(try PhotoFixtures.photo(width: 64, height: 48, seed: seed), named: "photos/\(seed).jpg", to: archive) }
        let questions = Mutex(0)

        await #expect(throws: ArchiveImport.Failure.authorMayNotPost) {
            try await importer(into: database, as: "ann") {
                questions.withLock { asked in
                    asked += 1
                    return asked == 1
                }
            }.run(file)
        }

        #expect(questions.withLock { $0 } == 2, "asked before each photo, and no further")
        #expect(try await database.social.posts(by: ann.id, visibleTo: ann.id, after: nil, limit: 10).count == 1)
    }

    @Test func aFileThatIsNoArchive_orHasTooManyEntries_isRefusedWhole() async throws {
        let database = try APIDatabase.open(path: temporaryDatabasePath())
        _ = try await makeAccount("ann", in: database)
        let notZip = temporaryFile("not.zip")
        try Data("PK but not really".utf8).write(to: notZip)
        await #expect(throws: ArchiveImport.Failure.notAnArchive) { try await importer(into: database, as: "ann").run(notZip) }

        let crowded = temporaryFile("crowded.zip")
        let archive = try Archive(url: crowded, accessMode: .create)
        for index in 0..<6 { try add(Data("x".utf8), named: "photos/\(index).txt", to: archive) }
        var limits = ArchiveImport.Limits()
        limits.entries = 5
        await #expect(throws: ArchiveImport.Failure.tooManyEntries(limit: 5)) {
            try await importer(into: database, as: "ann", limits: limits).run(crowded)
        }
    }

    @Test func aFolderOrAMissingFile_isRefusedAtOnce_neverReadForever() async throws {
        let database = try APIDatabase.open(path: temporaryDatabasePath())
        _ = try await makeAccount("ann", in: database)
        let folder = temporaryFile("folder.zip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        await #expect(throws: ArchiveImport.Failure.unreadableFile) { try await importer(into: database, as: "ann").run(folder) }
        await #expect(throws: ArchiveImport.Failure.unreadableFile) { try await importer(into: database, as: "ann").run(temporaryFile("missing.zip")) }
    }

    @Test func entriesSharingTheirBytes_orFailingTheirChecksum_costNoMoreThanTheArchivesBound() async throws {
        let database = try APIDatabase.open(path: temporaryDatabasePath())
        _ = try await makeAccount("ann", in: database)
        let file = temporaryFile("budget.zip")
        let archive = try Archive(url: file, accessMode: .create)
        let photos = try (0..<3).map { try PhotoFixtures.photo(width: 64, height: 48, seed: 20 + $0) }
        for (index, photo) in photos.enumerated() { try add(photo, named: "photos/\(index).jpg", to: archive) }
        var limits = ArchiveImport.Limits()
        limits.totalBytes = Int64(photos[2].count + photos[1].count)

        let report = try await importer(into: database, as: "ann", limits: limits).run(file)

        #expect(report.imported == ["photos/2.jpg", "photos/1.jpg"])
        #expect(report.skipped.map(\.file) == ["photos/0.jpg"])
        #expect(report.skipped.first?.reason.hasPrefix("the archive holds more than") == true)

        let damaged = temporaryFile("damaged.zip")
        var bytes = try Data(contentsOf: file)
        let start = try #require(bytes.range(of: photos[0].subdata(in: 200..<240))).lowerBound
        bytes[start + 10] ^= 0xFF
        try bytes.write(to: damaged)
        let elsewhere = try APIDatabase.open(path: temporaryDatabasePath())
        _ = try await makeAccount("ann", in: elsewhere)
        let checked = try await importer(into: elsewhere, as: "ann").run(damaged)
        #expect(checked.skipped.contains { $0.file == "photos/0.jpg" && $0.reason.hasSuffix("or corrupt") })
    }

    @Test(arguments: StorageKind.all)
    func thePersonsComments_areListedOldestFirst_pageByPage(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let items = makeItems(2)
        try await stores.feed.append(items)
        let written = try #require(stores.feed as? any WrittenComments)
        for (index, item) in [items[0], items[1], items[0]].enumerated() {
            _ = try await stores.feed.addComment(makeComment("Ann \(index)", createdAt: joined.addingTimeInterval(Double(index)), username: "ann"), onImage: item.id)
            _ = try await stores.feed.addComment(makeComment("Ben \(index)", createdAt: joined, username: "ben"), onImage: item.id)
        }

        let first = try await written.comments(writtenBy: "ANN", after: nil, limit: 2)
        let rest = try await written.comments(writtenBy: "ann", after: first.last?.id, limit: 2)

        #expect(first.map(\.message) == ["Ann 0", "Ann 1"])
        #expect(first.map(\.imageID) == [items[0].id, items[1].id])
        #expect(rest.map(\.message) == ["Ann 2"])
    }

    // MARK: - Helpers

    private func makeAccount(_ name: String, in storage: some APIStorage) async throws -> Account {
        try await storage.accounts.createAccount(username: try #require(Username(name)), name: name.capitalized, passwordHash: "x", createdAt: joined)
    }

    private func post(
        by author: String, in storage: some APIStorage, seed: Int, daysAfterJoining days: Double, description: String?,
        location: String? = nil, alt: String? = nil, visibility: PostVisibility = .public, contentWarning: String? = nil
    ) async throws -> FeedItem {
        let bytes = try PhotoFixtures.photo(width: 320, height: 240, seed: seed)
        var item = NewFeedItem(
            id: UUID(), description: description, location: location, photo: try processor.process(bytes), alt: alt, authorUsername: author,
            createdAt: joined.addingTimeInterval(days * 86_400), source: ImageDigest(of: bytes))
        item.visibility = visibility
        item.contentWarning = contentWarning
        return try await storage.feed.publish(item)
    }

    private func importer(
        into storage: some APIStorage, as name: String, limits: ArchiveImport.Limits = .init(),
        authorMayPost: @escaping @Sendable () async throws -> Bool = { true }
    ) throws -> ArchiveImport {
        let processor = processor
        return ArchiveImport(feed: storage.feed, author: try #require(Username(name)), limits: limits, authorMayPost: authorMayPost) {
            try processor.process($0)
        }
    }

    private func temporaryFile(_ name: String) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }

    private func read(_ name: String, in archive: Archive) throws -> Data {
        let entry = try #require(archive[name])
        var data = Data()
        _ = try archive.extract(entry) { data.append($0) }
        return data
    }

    private func decode<T: Decodable>(_ type: T.Type, named name: String, in archive: Archive) throws -> T {
        try ArchiveJSON.decoder().decode(type, from: try read(name, in: archive))
    }

    private func add(_ data: Data, named name: String, to archive: Archive, compressed: Bool = false) throws {
        try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compressed ? .deflate : .none) {
            position, size in data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
        }
    }
}
