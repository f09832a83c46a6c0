import Foundation

/// Where the app keeps the bytes of feed images, by image URL.
///
/// Contract (checked by the shared store specs):
/// - Data is stored by URL and the last insert for a URL wins.
/// - Image data outlives the feed: deleting or replacing the cached feed keeps it, so
///   pages still on screen keep their images.
/// - Data for a URL that is not in the cached feed is stored all the same.
/// - A store may bound the bytes it keeps; it then lets go of the data read or written
///   least recently first, and keeps no data larger than the whole bound.
public protocol FeedImageDataStore: Sendable {
    func insert(_ data: Data, for url: URL) async throws
    func retrieve(dataForURL url: URL) async throws -> Data?

    /// Forgets the data stored for `url`, if any: the image was deleted at its source.
    func deleteData(forURL url: URL) async throws
}

extension FeedImageDataStore {
    /// For stores that cannot delete one entry: the data is replaced by none, which readers
    /// treat as missing.
    public func deleteData(forURL url: URL) async throws {
        try await insert(Data(), for: url)
    }
}
