import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The API's random photo, for the banner (`BannerPhotos` decides when to ask). A photo it
/// gives is remembered by `PhotoLookup`, so its image can be served.
struct RandomPhotoLoader: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    let photos: PhotoLookup
    let logger: Logger

    /// A photo the API picks at random, for the feed's banner; nothing when the API does not
    /// give one, as the feed shows well without it.
    func load() async -> FeedImage? {
        do {
            let photo = try await LoadingStrategies(logger: logger).remoteOnly("random photo") {
                let (data, response) = try await httpClient.get(from: FeedItemEndpoint.random.url(baseURL: baseURL))
                return try FeedItemMapper.map(data, from: response)
            }
            photos.remember(photo)
            return photo
        } catch {
            return nil
        }
    }
}
