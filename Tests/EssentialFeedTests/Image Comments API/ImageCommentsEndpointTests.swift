import EssentialFeed
import Foundation
import Testing

@Suite struct ImageCommentsEndpointTests {
    private static let imageID = UUID(uuidString: "2239CBA2-CB35-4392-ADC0-24A37D38E010")!

    @Test(arguments: [
        ("http://127.0.0.1:8081/essential-feed", "http://127.0.0.1:8081/essential-feed/v1/image/2239CBA2-CB35-4392-ADC0-24A37D38E010/comments"),
        ("http://127.0.0.1:8081/essential-feed/", "http://127.0.0.1:8081/essential-feed/v1/image/2239CBA2-CB35-4392-ADC0-24A37D38E010/comments"),
        ("https://base-url.com", "https://base-url.com/v1/image/2239CBA2-CB35-4392-ADC0-24A37D38E010/comments"),
        ("https://base-url.com:8443/nested/path/", "https://base-url.com:8443/nested/path/v1/image/2239CBA2-CB35-4392-ADC0-24A37D38E010/comments")
    ])
    func get_buildsImageCommentsURLKeepingBaseSchemeHostPortAndPath(base: String, expected: String) {
        let received = ImageCommentsEndpoint.get(Self.imageID).url(baseURL: URL(string: base)!)

        #expect(received.absoluteString == expected)
    }

    @Test func get_usesUppercasedImageIDWithoutQuery() {
        let id = UUID()

        let received = ImageCommentsEndpoint.get(id).url(baseURL: URL(string: "https://base-url.com")!)

        #expect(received.path == "/v1/image/\(id.uuidString)/comments")
        #expect(received.query == nil)
    }
}
