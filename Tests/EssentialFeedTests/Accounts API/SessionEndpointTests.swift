import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct SessionEndpointTests {
    private let baseURL = URL(string: "http://base-url.com/essential-feed")!

    @Test func logIn_postsTheCredentialsAsJSON() throws {
        let request = try SessionEndpoint.logIn(username: "maria", password: "a \"quoted\" pass").request(baseURL: baseURL)

        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://base-url.com/essential-feed/v1/sessions")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        let body = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: String]
        #expect(body == ["username": "maria", "password": "a \"quoted\" pass"])
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func logOut_deletesTheCurrentSessionWithoutBody() throws {
        let request = try SessionEndpoint.logOut.request(baseURL: baseURL)

        #expect(request.httpMethod == "DELETE")
        #expect(request.url?.absoluteString == "http://base-url.com/essential-feed/v1/sessions/current")
        #expect(request.httpBody == nil)
    }

    @Test func currentUser_getsMe() {
        let request = CurrentUserEndpoint.get.request(baseURL: baseURL)

        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "http://base-url.com/essential-feed/v1/me")
    }

    @Test func postComment_postsTheMessageToTheImagesComments() throws {
        let imageID = UUID()
        let request = try ImageCommentPostingEndpoint.post(message: "Nice <b>shot</b>", imageID: imageID).request(baseURL: baseURL)

        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://base-url.com/essential-feed/v1/image/\(imageID.uuidString)/comments")
        let body = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: String]
        #expect(body == ["message": "Nice <b>shot</b>"])
    }
}
