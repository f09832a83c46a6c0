import EssentialFeed
import Foundation
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The feed's parts wired as the composition root wires them, on one HTTP client and store.
struct FeedParts {
    let pages: FeedPages
    let photos: PhotoLookup
    let random: RandomPhotoLoader
    let comments: ImageCommentsLoader
}

func makeFeedParts(client: HTTPClientStub, store: any FeedStore & FeedImageDataStore, logger: Logger = Logger(label: "test")) -> FeedParts {
    let pages = FeedPages(httpClient: client, baseURL: apiBaseURL, localFeedLoader: LocalFeedLoader(store: store, currentDate: { fixedNow }), logger: logger)
    let photos = PhotoLookup(httpClient: client, baseURL: apiBaseURL, pages: pages, localImageLoader: LocalFeedImageDataLoader(store: store), logger: logger)
    return FeedParts(
        pages: pages, photos: photos, random: RandomPhotoLoader(httpClient: client, baseURL: apiBaseURL, photos: photos, logger: logger),
        comments: ImageCommentsLoader(httpClient: client, baseURL: apiBaseURL, logger: logger))
}

func makeFeedParts(client: HTTPClientStub) -> (FeedParts, InMemoryFeedStore) {
    let store = InMemoryFeedStore()
    return (makeFeedParts(client: client, store: store), store)
}
