import Foundation

/// The files of a personal archive and what each JSON file holds. Export writes them; import
/// reads the same types back, so the two cannot drift apart.
package enum ArchiveLayout {
    package static let readme = "README.txt"
    package static let profile = "profile.json"
    package static let following = "following.json"
    package static let followers = "followers.json"
    package static let comments = "comments.json"
    package static let photosFolder = "photos/"

    /// `photos/2026-11-28-<id>.jpg`: sorted by day in any file browser, unique by id.
    package static func photoFile(id: UUID, createdAt: Date?, fileExtension: String) -> String {
        photosFolder + day(of: createdAt) + "-" + id.uuidString.lowercased() + "." + fileExtension
    }

    /// The JSON file that describes a photo: its name with `.json` for its extension.
    package static func descriptionFile(ofPhoto photoFile: String) -> String {
        guard let dot = photoFile.lastIndex(of: ".") else { return photoFile + ".json" }
        return String(photoFile[..<dot]) + ".json"
    }

    private static func day(of date: Date?) -> String {
        guard let date else { return "undated" }
        let components = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
        let year = components.year ?? 1970
        let month = components.month ?? 1
        let day = components.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

/// `photos/….json`: one post, beside the bytes of its photo.
package struct ArchivedPost: Codable, Equatable, Sendable {
    package var id: UUID
    /// The photo's file in the archive.
    package var file: String
    package var description: String?
    package var location: String?
    package var alt: String?
    /// `public` or `followers`.
    package var visibility: String
    package var contentWarning: String?
    package var createdAt: Date?
    package var editedAt: Date?
    package var width: Int?
    package var height: Int?
    package var comments: [ArchivedComment]

    package init(
        id: UUID, file: String, description: String? = nil, location: String? = nil, alt: String? = nil, visibility: String = "public",
        contentWarning: String? = nil, createdAt: Date? = nil, editedAt: Date? = nil, width: Int? = nil, height: Int? = nil,
        comments: [ArchivedComment] = []
    ) {
        self.id = id
        self.file = file
        self.description = description
        self.location = location
        self.alt = alt
        self.visibility = visibility
        self.contentWarning = contentWarning
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.width = width
        self.height = height
        self.comments = comments
    }
}

/// A comment on one of the person's photos, by whoever wrote it.
package struct ArchivedComment: Codable, Equatable, Sendable {
    package var username: String
    package var message: String
    package var createdAt: Date
}

/// `comments.json`: what the person wrote on others' photos.
package struct ArchivedOwnComment: Codable, Equatable, Sendable {
    package var imageId: UUID
    /// Who posted the photo.
    package var imageAuthor: String?
    package var message: String
    package var createdAt: Date
}

/// `profile.json`.
package struct ArchivedProfile: Codable, Equatable, Sendable {
    package var username: String
    package var displayName: String
    package var bio: String
    package var createdAt: Date
    package var locked: Bool
    package var defaultVisibility: String
    /// The avatar's file in the archive, when there is one.
    package var avatar: String?
    package var exportedAt: Date
}

/// An entry of `following.json` or `followers.json`.
package struct ArchivedPerson: Codable, Equatable, Sendable {
    package var username: String
    package var displayName: String
}

/// How every JSON file of an archive is written and read: snake_case keys, ISO 8601 dates.
package enum ArchiveJSON {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension ArchiveLayout {
    /// What `README.txt` says: enough to use the archive without this program.
    package static func readmeText(username: String, exportedAt: Date) -> String {
        """
        Essential Feed: the data of @\(username), exported \(ISO8601DateFormatter().string(from: exportedAt)).

        profile.json     Your profile: username, display name, bio, whether you approve
                         followers, who sees your posts by default, and your avatar's file.
        avatar.*         Your avatar, when you have one.
        following.json   The people you follow: [{"username", "display_name"}].
        followers.json   The people who follow you, the same way.
        comments.json    What you wrote on other people's photos: [{"image_id",
                         "image_author", "message", "created_at"}].
        photos/          Every photo you posted, at its largest size, named
                         DAY-ID.jpg, with DAY-ID.json beside it: "description", "location",
                         "alt" (the text for those who cannot see it), "visibility" ("public"
                         or "followers"), "content_warning", "created_at", "edited_at",
                         "width", "height" and the photo's "comments" ([{"username",
                         "message", "created_at"}]).

        Dates are ISO 8601 in UTC. Texts are UTF-8.

        To bring these photos to another Essential Feed server, give it this ZIP file as it
        is: its API takes it at POST /essential-feed/v1/me/import, and its operator can run
        `essential-feed import-archive FILE --account NAME`. Every photo is posted with its
        texts, who may see it and its original date; a photo posted there before is skipped.

        """
    }
}
