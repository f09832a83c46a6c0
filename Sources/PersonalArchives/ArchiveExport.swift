import FeedAPIStorage
import Foundation
import ZIPFoundation

/// Writes one person's archive: a ZIP file of their photos (the largest rendition of each,
/// with its texts and comments beside it), their comments on others' photos, their profile
/// and avatar, whom they follow and who follows them, and a README. One photo's bytes are in
/// memory at a time; the ZIP goes straight to disk.
package struct ArchiveExport: Sendable {
    /// What the export reads: the person's posts and comments, their profile and lists.
    package let feed: any FeedRepository & WrittenComments
    package let social: any SocialGraph
    package var pageSize = 200
    /// The most people listed in `following.json` or `followers.json`, and comments in `comments.json`.
    package var maximumListed = 100_000

    package init(feed: any FeedRepository & WrittenComments, social: any SocialGraph) {
        self.feed = feed
        self.social = social
    }

    package enum Failure: Error, Equatable {
        case unknownAccount
    }

    /// Writes the archive of `username` to `file` (replacing any), telling `progress` how far
    /// it is, from 0 to 1. Returns its size in bytes.
    package func write(
        username: Username, to file: URL, at date: Date, progress: @Sendable (Double) async -> Void = { _ in }
    ) async throws -> Int64 {
        guard let profile = try await social.profile(named: username) else { throw Failure.unknownAccount }
        try? FileManager.default.removeItem(at: file)
        let archive = try Archive(url: file, accessMode: .create)
        let encoder = ArchiveJSON.encoder()
        try add(Data(ArchiveLayout.readmeText(username: profile.username, exportedAt: date).utf8), named: ArchiveLayout.readme, to: archive, at: date)

        var avatarFile: String?
        if let avatar = profile.avatar, let image = try await feed.image(withDigest: avatar.small) {
            let name = "avatar." + image.format.fileExtension
            try add(image.data, named: name, to: archive, at: date, compressed: false)
            avatarFile = name
        }
        let privacy = try await social.privacySettings(of: profile.accountID)
        let archivedProfile = ArchivedProfile(
            username: profile.username, displayName: profile.name, bio: profile.bio, createdAt: profile.createdAt, locked: privacy.locked,
            defaultVisibility: privacy.defaultVisibility.rawValue, avatar: avatarFile, exportedAt: date)
        try add(try encoder.encode(archivedProfile), named: ArchiveLayout.profile, to: archive, at: date)
        try add(try encoder.encode(try await people(.following, of: profile.accountID)), named: ArchiveLayout.following, to: archive, at: date)
        try add(try encoder.encode(try await people(.followers, of: profile.accountID)), named: ArchiveLayout.followers, to: archive, at: date)

        let total = max(1, profile.postsCount)
        var done = 0
        var after: UUID?
        while true {
            let posts = try await social.posts(by: profile.accountID, visibleTo: profile.accountID, after: after, limit: pageSize)
            for post in posts {
                try Task.checkCancellation()
                try await add(post, to: archive, encoder: encoder, ownerID: profile.accountID, at: date)
                done += 1
                await progress(min(0.99, Double(done) / Double(total)))
            }
            guard posts.count == pageSize, let last = posts.last else { break }
            after = last.id
        }
        // What they wrote on others' photos: those on their own are beside each photo.
        let comments = try await ownComments(of: profile.username).filter { $0.imageAuthor?.lowercased() != profile.username.lowercased() }
        try add(try encoder.encode(comments), named: ArchiveLayout.comments, to: archive, at: date)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        await progress(1)
        return size
    }

    private func add(_ post: FeedItem, to archive: Archive, encoder: JSONEncoder, ownerID: Int64, at date: Date) async throws {
        let digest = post.photo?.renditions[.full]?.digest ?? post.image.digest
        guard let image = try await feed.image(withDigest: digest) else { return }
        let photoFile = ArchiveLayout.photoFile(id: post.id, createdAt: post.createdAt, fileExtension: image.format.fileExtension)
        let comments = try await feed.comments(onImage: post.id, visibleTo: ownerID) ?? []
        let archived = ArchivedPost(
            id: post.id, file: photoFile, description: post.description, location: post.location, alt: post.alt,
            visibility: post.visibility.rawValue, contentWarning: post.contentWarning, createdAt: post.createdAt, editedAt: post.editedAt,
            width: post.photo?.width, height: post.photo?.height,
            comments: comments.reversed().map { ArchivedComment(username: $0.username, message: $0.message, createdAt: $0.createdAt) })
        let modified = post.createdAt ?? date
        try add(image.data, named: photoFile, to: archive, at: modified, compressed: false)
        try add(try encoder.encode(archived), named: ArchiveLayout.descriptionFile(ofPhoto: photoFile), to: archive, at: modified)
    }

    private func people(_ list: FollowList, of accountID: Int64) async throws -> [ArchivedPerson] {
        var people: [ArchivedPerson] = []
        var after: Username?
        while people.count < maximumListed {
            let page = try await social.list(list, of: accountID, after: after, limit: pageSize)
            people += page.map { ArchivedPerson(username: $0.username, displayName: $0.name) }
            guard page.count == pageSize, let last = page.last else { break }
            after = Username(last.username)
        }
        return people
    }

    private func ownComments(of username: String) async throws -> [ArchivedOwnComment] {
        var comments: [ArchivedOwnComment] = []
        var after: UUID?
        while comments.count < maximumListed {
            let page = try await feed.comments(writtenBy: username, after: after, limit: pageSize)
            comments += page.map { ArchivedOwnComment(imageId: $0.imageID, imageAuthor: $0.imageAuthor, message: $0.message, createdAt: $0.createdAt) }
            guard page.count == pageSize, let last = page.last else { break }
            after = last.id
        }
        return comments
    }

    /// Photos are stored as they are (JPEG and PNG do not deflate); text is deflated.
    private func add(_ data: Data, named name: String, to archive: Archive, at date: Date, compressed: Bool = true) throws {
        try archive.addEntry(
            with: name, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
            compressionMethod: compressed ? .deflate : .none
        ) { position, size in
            let start = Int(position)
            return data.subdata(in: start..<min(data.count, start + size))
        }
    }
}
