import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct HiddenPostsEndpointTests {
    @Test func request_asksForAPageOfPostsAtMost_byTheirIDs() throws {
        let ids = (0..<60).map { _ in UUID() }
        let request = HiddenPostsEndpoint.request(among: ids, baseURL: try #require(URL(string: "http://api.example/essential-feed")))

        #expect(request.httpMethod == "GET")
        #expect(request.url?.path == "/essential-feed/v1/me/hidden")
        #expect(request.url?.query == "ids=" + ids.prefix(50).map(\.uuidString).joined(separator: ","))
    }

    @Test func map_givesThePostsToLeaveOut_andSaysWhenTheTokenNoLongerCounts() throws {
        let hidden = UUID()
        let answer = #"{"hidden":["\#(hidden.uuidString)","not an id"]}"#

        #expect(try HiddenPostsMapper.map(Data(answer.utf8), from: HTTPURLResponse(statusCode: 200)) == [hidden])
        #expect(try HiddenPostsMapper.map(Data(#"{"hidden":[]}"#.utf8), from: HTTPURLResponse(statusCode: 200)).isEmpty)
        #expect(throws: HiddenPostsMapper.Error.authenticationRequired) { try HiddenPostsMapper.map(Data(), from: HTTPURLResponse(statusCode: 401)) }
        #expect(throws: HiddenPostsMapper.Error.invalidData) { try HiddenPostsMapper.map(Data(#"{"liked":[]}"#.utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: HiddenPostsMapper.Error.invalidData) { try HiddenPostsMapper.map(Data("[]".utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: HiddenPostsMapper.Error.invalidData) { try HiddenPostsMapper.map(Data(answer.utf8), from: HTTPURLResponse(statusCode: 500)) }
    }

    @Test func likedAmong_readsItsOwnField_theSameWay() throws {
        let liked = UUID()

        #expect(try LikedAmongMapper.map(Data(#"{"liked":["\#(liked.uuidString)"]}"#.utf8), from: HTTPURLResponse(statusCode: 200)) == [liked])
        #expect(throws: LikeStateMapper.Error.invalidData) { try LikedAmongMapper.map(Data(#"{"hidden":[]}"#.utf8), from: HTTPURLResponse(statusCode: 200)) }
    }
}
