import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct PostedImageCommentMapperTests {
    @Test func map_deliversTheCommentOn201() throws {
        let id = UUID()
        let json = Data(
            #"""
            {"id": "\#(id.uuidString)", "message": "Nice", "created_at": "2020-08-28T15:07:02+0000", "author": {"username": "sam"}}
            """#.utf8)

        let comment = try PostedImageCommentMapper.map(json, from: HTTPURLResponse(statusCode: 201))

        #expect(comment == ImageComment(id: id, message: "Nice", createdAt: Date(timeIntervalSince1970: 1_598_627_222), username: "sam"))
    }

    @Test func map_tellsEachRefusalApart() {
        #expect(throws: PostedImageCommentMapper.Error.invalidMessage) {
            try PostedImageCommentMapper.map(Data(), from: HTTPURLResponse(statusCode: 400))
        }
        #expect(throws: PostedImageCommentMapper.Error.invalidMessage, "a body too large is the message's doing too") {
            try PostedImageCommentMapper.map(Data(), from: HTTPURLResponse(statusCode: 413))
        }
        #expect(throws: PostedImageCommentMapper.Error.authenticationRequired) {
            try PostedImageCommentMapper.map(Data(), from: HTTPURLResponse(statusCode: 401))
        }
        #expect(throws: PostedImageCommentMapper.Error.imageNotFound) {
            try PostedImageCommentMapper.map(Data(), from: HTTPURLResponse(statusCode: 404))
        }
        #expect(throws: PostedImageCommentMapper.Error.invalidData) {
            try PostedImageCommentMapper.map(Data(), from: HTTPURLResponse(statusCode: 500))
        }
        #expect(throws: PostedImageCommentMapper.Error.invalidData) {
            try PostedImageCommentMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 201))
        }
    }
}
