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
    let assets: WebAssets
    let currentDate: @Sendable () -> Date

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get("/images/:id", use: photoScreen)
    }

    @Sendable func photoScreen(_ request: Request, context: Context) async throws -> Response {
        let imageID = try context.id()
        let language = request.readerLanguage
        let account = context.signedInAccount
        let (photos, assets, now) = (photos, assets.links, currentDate())
        return try await cancellingWhenClientGoes {
            async let neighbours = photos.neighbours(of: imageID)
            let photo: Loaded<FeedImage>
            do {
                photo = try await photos.loadPhoto(withID: imageID)
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
                assets: assets, account: account)
            var response = Response.html(screen)
            response.markKeptOffline(cacheSavedAt: photo.offlineCacheSavedAt.map { .some($0) })
            return response
        }
    }
}
