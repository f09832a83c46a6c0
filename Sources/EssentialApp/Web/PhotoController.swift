import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird

/// A photo's own screen: the photo whole with its details, and the photos before and after
/// it in feed order. Offline, a photo the app has cached opens from the cache; one it has not
/// says so.
struct PhotoController {
    typealias Context = AppRequestContext

    let photos: PhotoLookup
    let profiles: ProfileService
    let assets: WebAssets
    let currentDate: @Sendable () -> Date

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get("/images/:id", use: photoScreen)
    }

    @Sendable func photoScreen(_ request: Request, context: Context) async throws -> Response {
        let imageID = try context.id()
        let language = request.readerLanguage
        let account = context.signedInAccount
        let (photos, profiles, assets, now) = (photos, self.profiles, assets.links, currentDate())
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
            let screen = PhotoUIComposer.photoScreen(
                photo, neighbours: await neighbours, locale: language.locale, language: language.tag, currentDate: now,
                assets: assets, account: account, openedFrom: owner.flatMap { Self.author(of: photo.value, named: $0) })
            var response = Response.html(screen)
            response.markKeptOffline(cacheSavedAt: photo.offlineCacheSavedAt.map { .some($0) })
            return response
        }
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
