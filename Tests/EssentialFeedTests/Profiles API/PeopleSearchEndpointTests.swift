import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct PeopleSearchEndpointTests {
    private let base = URL(string: "http://127.0.0.1:8081/essential-feed")!

    @Test func asksForTheText_encodingEveryCharacterAQueryGivesAMeaningTo() {
        let request = PeopleSearchEndpoint(text: "a+b &c=d#é/?%").request(baseURL: base)

        #expect(request.httpMethod == "GET")
        #expect(
            request.url?.absoluteString
                == "http://127.0.0.1:8081/essential-feed/v1/people?q=a%2Bb%20%26c%3Dd%23%C3%A9%2F%3F%25&limit=\(PeopleSearchEndpoint.limit)")
    }
}
