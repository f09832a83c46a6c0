import Foundation

/// Where the app keeps the bytes of feed images, by image URL.
///
/// Contract (checked by the shared store specs):
/// - Data is stored by URL and the last insert for a URL wins.
/// - Deleting the feed keeps image data, so saving a refreshed feed does not
///   throw away images that are still in it.
/// - Data for a URL that is not in the cached feed is stored all the same.
/// - Inserting a feed drops the data of every URL that is not in the new feed,
///   so the cache never grows beyond the images of the feed it holds.
public protocol FeedImageDataStore: Sendable {
    func insert(_ data: Data, for url: URL) async throws
    func retrieve(dataForURL url: URL) async throws -> Data?
}
