import Foundation

/// The cache's own copies of people and their photos, so what is kept on disk can change
/// apart from the models the screens use.
struct LocalPerson: Codable, Equatable, Sendable {
    let username: String
    let name: String
    let avatar: LocalAvatar?

    init(_ user: User) {
        username = user.username
        name = user.name
        avatar = user.avatar.map(LocalAvatar.init)
    }

    var model: User {
        User(username: username, name: name, avatar: avatar?.model)
    }
}

struct LocalAvatar: Codable, Equatable, Sendable {
    let thumbURL: URL
    let smallURL: URL
    let averageColor: String?
    let blurHash: String?

    init(_ avatar: Avatar) {
        thumbURL = avatar.thumbURL
        smallURL = avatar.smallURL
        averageColor = avatar.averageColor
        blurHash = avatar.blurHash
    }

    var model: Avatar {
        Avatar(thumbURL: thumbURL, smallURL: smallURL, averageColor: averageColor, blurHash: blurHash)
    }
}

/// A photo as a timeline or a profile grid shows it.
struct LocalPost: Codable, Equatable, Sendable {
    let id: UUID
    let description: String?
    let location: String?
    let url: URL
    let alternativeText: String?
    let commentCount: Int?
    let author: LocalPerson?
    let photo: LocalFeedPhoto?
    let createdAt: Date?
    let likeCount: Int?
    /// Whether the person whose cache this is likes it.
    let isLiked: Bool?
    let contentWarning: String?
    let editedAt: Date?
    /// `nil` in copies kept before posts had one: those were public.
    let visibility: String?

    init(_ image: FeedImage) {
        id = image.id
        description = image.description
        location = image.location
        url = image.url
        alternativeText = image.alternativeText
        commentCount = image.commentCount
        author = image.author.map(LocalPerson.init)
        photo = image.photo.map {
            LocalFeedPhoto(
                width: $0.width, height: $0.height, averageColor: $0.averageColor, blurHash: $0.blurHash,
                urls: Dictionary(uniqueKeysWithValues: $0.urls.map { ($0.key.rawValue, $0.value) }))
        }
        createdAt = image.createdAt
        likeCount = image.likeCount
        isLiked = image.isLiked
        contentWarning = image.contentWarning
        editedAt = image.editedAt
        visibility = image.visibility.rawValue
    }

    var model: FeedImage {
        FeedImage(
            id: id, description: description, location: location, url: url, alternativeText: alternativeText,
            commentCount: commentCount, author: author?.model,
            photo: photo.map {
                FeedPhoto(
                    width: $0.width, height: $0.height, averageColor: $0.averageColor, blurHash: $0.blurHash,
                    urls: Dictionary(uniqueKeysWithValues: $0.urls.compactMap { key, url in FeedImageSize(rawValue: key).map { ($0, url) } }))
            },
            createdAt: createdAt, likeCount: likeCount, isLiked: isLiked, contentWarning: contentWarning, editedAt: editedAt,
            visibility: visibility.map { FeedImageVisibility(rawValue: $0) ?? .followers } ?? .public)
    }
}

struct LocalProfilePage: Codable, Equatable, Sendable {
    let person: LocalPerson
    let bio: String
    let postsCount: Int
    let followersCount: Int
    let followingCount: Int
    let isFollowedByReader: Bool?
    let followsReader: Bool?
    let photos: [LocalPost]
    /// `nil` in copies kept before accounts could be locked.
    let isLocked: Bool?
    let isRequestedByReader: Bool?

    init(_ profile: Profile, photos: [FeedImage]) {
        person = LocalPerson(profile.user)
        bio = profile.bio
        postsCount = profile.postsCount
        followersCount = profile.followersCount
        followingCount = profile.followingCount
        isFollowedByReader = profile.isFollowedByReader
        followsReader = profile.followsReader
        self.photos = photos.map(LocalPost.init)
        isLocked = profile.isLocked
        isRequestedByReader = profile.isRequestedByReader
    }

    var model: LocalPeopleLoader.ProfilePage {
        var profile = Profile(
            user: person.model, bio: bio, postsCount: postsCount, followersCount: followersCount, followingCount: followingCount,
            isFollowedByReader: isFollowedByReader, followsReader: followsReader)
        profile.isLocked = isLocked ?? false
        profile.isRequestedByReader = isRequestedByReader ?? false
        return LocalPeopleLoader.ProfilePage(profile: profile, photos: photos.map(\.model))
    }
}
