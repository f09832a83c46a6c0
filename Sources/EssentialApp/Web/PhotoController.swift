import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird

/// A photo's own screen: the photo whole with its details, and the photos before and after
/// it in feed order. Offline, a photo the app has cached opens from the cache, unless its
/// author is someone the reader does not hear from (as far as the app knows); one it has not
/// cached says so. Someone else's photo offers to mute its author, or to unmute them.
struct PhotoController {
    typealias Context = AppRequestContext

    let photos: PhotoLookup
    let profiles: ProfileService
    let silenced: SilencedPosts
    let assets: WebAssets
    let currentDate: @Sendable () -> Date

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get("/images/:id", use: photoScreen)
    }

    @Sendable func photoScreen(_ request: Request, context: Context) async throws -> Response {
        let imageID = try context.id()
        let language = request.readerLanguage
        let account = context.signedInAccount
        let (photos, profiles, silenced, assets, now) = (photos, self.profiles, silenced, assets.links, currentDate())
        let owner = try Self.owner(in: request)
        let token = context.session?.apiToken ?? ""
        return try await cancellingWhenClientGoes {
            async let neighbours =
                if let owner { await profiles.neighbours(of: imageID, by: owner, token: token) } else { await photos.neighbours(of: imageID) }
            let photo: Loaded<FeedImage>
            do {
                photo = try await photos.loadPhoto(withID: imageID, token: context.session?.apiToken)
            } catch is ResourceNotFoundError {
                throw HTTPError(.notFound)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let screen = PhotoUIComposer.unavailableScreen(locale: language.locale, language: language.tag, assets: assets, account: account)
                return Response.html(screen, status: .badGateway)
            }
            let isSilenced = await Self.isSilenced(photo.value, for: context, in: silenced)
            // The API shows no photo across a block: offline, the app keeps to what it last learned.
            if isSilenced, photo.offlineCacheSavedAt != nil { throw HTTPError(.notFound) }
            let screen = PhotoUIComposer.photoScreen(
                photo, neighbours: await neighbours, locale: language.locale, language: language.tag, currentDate: now,
                assets: assets, account: account, openedFrom: owner.flatMap { Self.author(of: photo.value, named: $0) },
                isAuthorMuted: isSilenced)
            var response = Response.html(screen)
            response.markKeptOffline(cacheSavedAt: photo.offlineCacheSavedAt.map { .some($0) })
            return response
        }
    }

    /// Whether the reader does not hear from the photo's author; never for their own photo.
    private static func isSilenced(_ photo: FeedImage, for context: Context, in silenced: SilencedPosts) async -> Bool {
        guard let token = context.session?.apiToken, let author = photo.author?.username, let reader = context.signedInAccount?.user.username,
            author.lowercased() != reader.lowercased()
        else { return false }
        return await silenced.hidden(among: [photo], token: token).contains(photo.id)
    }

    /// `by`: whose profile the photo was opened from, a username and nothing else.
    private static func owner(in request: Request) throws -> String? {
        let values = request.uri.queryParameters.getAll("by")
        guard values.count <= 1 else { throw HTTPError(.badRequest) }
        guard let value = values.first.map({ String($0) }) else { return nil }
        guard let username = value.removingPercentEncoding, ProfileController.isUsername(username) else { throw HTTPError(.badRequest) }
        return username
    }

    /// The photo's author when they are the one named: a `by` naming someone else is ignored.
    private static func author(of photo: FeedImage, named username: String) -> User? {
        guard let author = photo.author, author.username.lowercased() == username.lowercased() else { return nil }
        return author
    }
}
