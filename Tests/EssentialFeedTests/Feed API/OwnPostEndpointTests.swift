import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct OwnPostEndpointTests {
    private let base = URL(string: "http://127.0.0.1:8081/essential-feed")!
    private let imageID = UUID(uuidString: "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")!
    private let commentID = UUID(uuidString: "7D0F5A3E-9B0A-4C7E-8E55-6A1B2C3D4E5F")!

    @Test func anEdit_patchesThePhoto_withEveryText_emptyOnesClearing() throws {
        let request = try OwnPostEndpoint.edit(
            imageID: imageID, texts: PostTexts(description: "At dawn", location: "", alternativeText: "A harbour", contentWarning: "Heights")
        ).request(baseURL: base)

        #expect(request.httpMethod == "PATCH")
        #expect(request.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/image/2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: String])
        #expect(body == ["description": "At dawn", "location": "", "alt": "A harbour", "content_warning": "Heights"])
    }

    @Test func deletions_nameThePhoto_orTheCommentOnIt() throws {
        let photo = try OwnPostEndpoint.delete(imageID: imageID).request(baseURL: base)
        let comment = try OwnPostEndpoint.deleteComment(commentID: commentID, imageID: imageID).request(baseURL: base)

        #expect(photo.httpMethod == "DELETE")
        #expect(photo.url?.path() == "/essential-feed/v1/image/2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")
        #expect(comment.httpMethod == "DELETE")
        #expect(comment.url?.path() == "/essential-feed/v1/image/2AB2AE66-A4B7-4A16-B374-51BBAC8DB086/comments/7D0F5A3E-9B0A-4C7E-8E55-6A1B2C3D4E5F")
    }

    @Test func mapEdit_deliversTheEditedPhoto_andTellsEachRefusal() throws {
        let item = makeFeedItem(description: "edited")
        let data = try JSONSerialization.data(withJSONObject: item.json)

        #expect(try OwnPostMapper.mapEdit(data, from: HTTPURLResponse(statusCode: 200)) == item.model)
        #expect(throws: OwnPostMapper.Error.invalidTexts) { try OwnPostMapper.mapEdit(Data(), from: HTTPURLResponse(statusCode: 400)) }
        #expect(throws: OwnPostMapper.Error.authenticationRequired) { try OwnPostMapper.mapEdit(Data(), from: HTTPURLResponse(statusCode: 401)) }
        #expect(throws: OwnPostMapper.Error.notAllowed) { try OwnPostMapper.mapEdit(Data(), from: HTTPURLResponse(statusCode: 403)) }
        #expect(throws: ResourceNotFoundError()) { try OwnPostMapper.mapEdit(Data(), from: HTTPURLResponse(statusCode: 404)) }
        #expect(throws: OwnPostMapper.Error.invalidData) { try OwnPostMapper.mapEdit(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: OwnPostMapper.Error.invalidData) { try OwnPostMapper.mapEdit(data, from: HTTPURLResponse(statusCode: 502)) }
    }

    @Test func mapDeletion_acceptsOnlyNoContent() throws {
        try OwnPostMapper.mapDeletion(HTTPURLResponse(statusCode: 204))
        #expect(throws: OwnPostMapper.Error.notAllowed) { try OwnPostMapper.mapDeletion(HTTPURLResponse(statusCode: 403)) }
        #expect(throws: ResourceNotFoundError()) { try OwnPostMapper.mapDeletion(HTTPURLResponse(statusCode: 404)) }
        #expect(throws: OwnPostMapper.Error.invalidData) { try OwnPostMapper.mapDeletion(HTTPURLResponse(statusCode: 200)) }
    }
}
