import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedItemMapperTests {
    @Test func endpoint_namesAnItemByItsID_orTheRandomOne_underTheBasePath() {
        let id = UUID(uuidString: "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")!
        let base = URL(string: "http://127.0.0.1:8081/essential-feed")!

        #expect(
            FeedItemEndpoint.get(id).url(baseURL: base).absoluteString
                == "http://127.0.0.1:8081/essential-feed/v1/image/2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")
        #expect(FeedItemEndpoint.random.url(baseURL: base).absoluteString == "http://127.0.0.1:8081/essential-feed/v1/images/random")
    }

    @Test func map_deliversTheItem_on200() throws {
        let item = makeFeedItem(description: "a description", location: "a location")
        let data = try JSONSerialization.data(withJSONObject: item.json)

        #expect(try FeedItemMapper.map(data, from: HTTPURLResponse(statusCode: 200)) == item.model)
    }

    @Test func map_tellsAnItemThatDoesNotExist_fromAnyOtherFailure() throws {
        let data = try JSONSerialization.data(withJSONObject: makeFeedItem().json)

        #expect(throws: ResourceNotFoundError()) { try FeedItemMapper.map(Data(), from: HTTPURLResponse(statusCode: 404)) }
        #expect(throws: FeedItemsMapper.Error.invalidData) { try FeedItemMapper.map(data, from: HTTPURLResponse(statusCode: 500)) }
        #expect(throws: FeedItemsMapper.Error.invalidData) { try FeedItemMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: FeedItemsMapper.Error.invalidData) {
            try FeedItemMapper.map(Data(#"{"id":"not-a-uuid","image":"https://a.com/1.jpg"}"#.utf8), from: HTTPURLResponse(statusCode: 200))
        }
    }
}
