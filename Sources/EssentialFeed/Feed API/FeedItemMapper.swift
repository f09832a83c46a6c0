import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One item as `FeedItemEndpoint` answers it, read as the feed's items are.
public enum FeedItemMapper {
    /// - Throws: `ResourceNotFoundError` for `404` (no such item, or an empty feed);
    /// `FeedItemsMapper.Error.invalidData` for any other answer but `200` with a valid item.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> FeedImage {
        try HTTPStatus.checkAnswered(response)
        guard response.statusCode == 200, let image = FeedItemsMapper.item(from: data) else {
            throw FeedItemsMapper.Error.invalidData
        }
        return image
    }
}
