import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedImageDataMapperTests {
    @Test(arguments: [199, 201, 299, 300, 400, 500])
    func map_throwsErrorOnNon200HTTPResponse(statusCode: Int) {
        #expect(throws: FeedImageDataMapper.Error.invalidData) {
            try FeedImageDataMapper.map(anyData(), from: HTTPURLResponse(statusCode: statusCode))
        }
    }

    @Test func map_tellsAnImageThatDoesNotExist_fromOtherFailures() {
        #expect(throws: ResourceNotFoundError()) { try FeedImageDataMapper.map(anyData(), from: HTTPURLResponse(statusCode: 404)) }
    }

    @Test func map_throwsErrorOn200HTTPResponseWithEmptyData() {
        #expect(throws: FeedImageDataMapper.Error.invalidData) {
            try FeedImageDataMapper.map(Data(), from: HTTPURLResponse(statusCode: 200))
        }
    }

    @Test func map_deliversReceivedNonEmptyDataOn200HTTPResponse() throws {
        let nonEmptyData = Data([0xFF, 0xD8, 0xFF])

        let result = try FeedImageDataMapper.map(nonEmptyData, from: HTTPURLResponse(statusCode: 200))

        #expect(result == nonEmptyData)
    }
}
