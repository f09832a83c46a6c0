import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedImagePostingEndpointTests {
    @Test func post_sendsTheFileAndTheGivenTextsAsMultipartFormData() throws {
        let baseURL = URL(string: "http://base-url.com/essential-feed")!
        let photo = Data([0xFF, 0xD8, 0xFF, 0x00, 0x0D, 0x0A])
        var image = NewFeedImage(data: photo, description: "A view\r\nof the river", location: nil, alternativeText: "Bridge at dusk")
        image.contentWarning = "Heights"

        let request = FeedImagePostingEndpoint.post(image).request(baseURL: baseURL, boundary: "b0undary")

        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://base-url.com/essential-feed/v1/images")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=b0undary")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        let expected =
            Data(
                """
                --b0undary\r
                Content-Disposition: form-data; name="description"\r
                \r
                A view\r
                of the river\r
                --b0undary\r
                Content-Disposition: form-data; name="alt"\r
                \r
                Bridge at dusk\r
                --b0undary\r
                Content-Disposition: form-data; name="content_warning"\r
                \r
                Heights\r
                --b0undary\r
                Content-Disposition: form-data; name="file"; filename="photo"\r
                Content-Type: application/octet-stream\r
                \r

                """.utf8) + photo + Data("\r\n--b0undary--\r\n".utf8)
        #expect(request.httpBody == expected)
    }

    @Test func post_usesADifferentBoundaryEachTime() {
        let baseURL = URL(string: "http://base-url.com")!
        let image = NewFeedImage(data: Data("x".utf8))

        let first = FeedImagePostingEndpoint.post(image).request(baseURL: baseURL)
        let second = FeedImagePostingEndpoint.post(image).request(baseURL: baseURL)

        #expect(first.value(forHTTPHeaderField: "Content-Type") != second.value(forHTTPHeaderField: "Content-Type"))
    }
}

@Suite struct PostedFeedImageMapperTests {
    @Test(arguments: [200, 201])
    func map_deliversTheNewImage(statusCode: Int) throws {
        let item = makeFeedItem(description: "posted")
        let data = try JSONSerialization.data(withJSONObject: item.json)

        #expect(try PostedFeedImageMapper.map(data, from: HTTPURLResponse(statusCode: statusCode)) == item.model)
    }

    @Test(arguments: [
        (400, PostedFeedImageMapper.Error.invalidForm),
        (401, .authenticationRequired),
        (413, .tooLarge),
        (415, .unsupportedType),
        (422, .unreadable),
        (500, .invalidData)
    ])
    func map_tellsWhyThePhotoWasRefused(statusCode: Int, error: PostedFeedImageMapper.Error) {
        #expect(throws: error) {
            try PostedFeedImageMapper.map(Data(#"{"type": "x"}"#.utf8), from: HTTPURLResponse(statusCode: statusCode))
        }
    }

    @Test func map_refusesA201ThatIsNotAnItem() {
        #expect(throws: PostedFeedImageMapper.Error.invalidData) {
            try PostedFeedImageMapper.map(Data(#"{"items": []}"#.utf8), from: HTTPURLResponse(statusCode: 201))
        }
    }
}
