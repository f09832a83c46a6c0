import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ImageCommentsMapperTests {
    @Test(arguments: [199, 300, 400, 500])
    func map_throwsErrorOnNon2xxHTTPResponse(statusCode: Int) {
        let json = makeCommentsJSON([makeComment().json])

        #expect(throws: ImageCommentsMapper.Error.invalidData) {
            try ImageCommentsMapper.map(json, from: HTTPURLResponse(statusCode: statusCode))
        }
    }

    @Test func map_tellsAnImageThatDoesNotExist_fromOtherFailures() {
        #expect(throws: ResourceNotFoundError()) {
            try ImageCommentsMapper.map(makeCommentsJSON([]), from: HTTPURLResponse(statusCode: 404))
        }
    }

    @Test(arguments: [200, 201, 250, 299])
    func map_deliversItemsOnAny2xxHTTPResponse(statusCode: Int) throws {
        let comment = makeComment()

        let result = try ImageCommentsMapper.map(
            makeCommentsJSON([comment.json]),
            from: HTTPURLResponse(statusCode: statusCode)
        )

        #expect(result == [comment.model])
    }

    @Test(arguments: ["not json", "", "{}", #"{"items": {}}"#])
    func map_throwsErrorOn2xxHTTPResponseWithInvalidJSON(body: String) {
        #expect(throws: ImageCommentsMapper.Error.invalidData) {
            try ImageCommentsMapper.map(Data(body.utf8), from: HTTPURLResponse(statusCode: 200))
        }
    }

    @Test func map_deliversNoItemsOn2xxHTTPResponseWithEmptyJSONList() throws {
        let result = try ImageCommentsMapper.map(makeCommentsJSON([]), from: HTTPURLResponse(statusCode: 201))

        #expect(result == [])
    }

    @Test func map_deliversTheAuthorsPicture_andLeavesOutOneItCannotShow_keepingTheComment() throws {
        var pictured = makeComment(username: "rita").json
        pictured["author"] = [
            "username": "rita", "name": "Rita", "avatar": ["urls": ["thumb": "https://api.test/t.jpg", "small": "https://api.test/s.jpg"]]
        ]
        var odd = makeComment(username: "sam").json
        odd["author"] = ["username": "sam", "avatar": "not a picture"]

        let result = try ImageCommentsMapper.map(makeCommentsJSON([pictured, odd]), from: HTTPURLResponse(statusCode: 200))

        #expect(result.map(\.authorAvatar?.thumbURL.absoluteString) == ["https://api.test/t.jpg", nil])
        #expect(result.map(\.username) == ["rita", "sam"])
    }

    @Test func map_deliversItemsInPayloadOrder() throws {
        let first = makeComment(
            message: "a message",
            createdAt: (Date(timeIntervalSince1970: 1_598_627_222), "2020-08-28T15:07:02+00:00"),
            username: "a username"
        )
        let second = makeComment(
            message: "another message",
            createdAt: (Date(timeIntervalSince1970: 1_577_881_882), "2020-01-01T12:31:22+00:00"),
            username: "another username"
        )
        let third = makeComment(
            message: "an older message shown last",
            createdAt: (Date(timeIntervalSince1970: 1_589_973_899), "2020-05-20T11:24:59+0000"),
            username: "a third username"
        )

        let result = try ImageCommentsMapper.map(
            makeCommentsJSON([first.json, second.json, third.json]),
            from: HTTPURLResponse(statusCode: 200)
        )

        #expect(result == [first.model, second.model, third.model])
    }

    @Test(
        arguments: [
            ("2020-05-20T11:24:59+0000", 1_589_973_899),
            ("2020-05-20T11:24:59+00:00", 1_589_973_899),
            ("2020-05-20T11:24:59Z", 1_589_973_899),
            ("2020-05-20T13:24:59+0200", 1_589_973_899),
            ("2020-05-20T13:24:59+02:00", 1_589_973_899),
            ("2020-05-20T07:54:59-0330", 1_589_973_899),
            ("2020-05-20T07:54:59-03:30", 1_589_973_899),
            ("2020-05-21T00:24:59+1300", 1_589_973_899)
        ] as [(String, TimeInterval)])
    func map_decodesISO8601CreationDatesWithAnyOffsetStyleToTheSameInstant(
        createdAt: String,
        secondsSince1970: TimeInterval
    ) throws {
        let comment = makeComment(createdAt: (Date(timeIntervalSince1970: secondsSince1970), createdAt))

        let result = try ImageCommentsMapper.map(makeCommentsJSON([comment.json]), from: HTTPURLResponse(statusCode: 200))

        #expect(result.map(\.createdAt) == [Date(timeIntervalSince1970: secondsSince1970)])
    }

    @Test(arguments: [
        "garbage",
        "",
        "2020-05-20",
        "2020-05-20T11:24:59",
        "2020-13-20T11:24:59+0000",
        "20 May 2020 11:24:59 GMT",
        "1589973899"
    ])
    func map_throwsErrorOnUnparsableCreationDate(createdAt: String) {
        var json = makeComment().json
        json["created_at"] = createdAt

        #expect(throws: ImageCommentsMapper.Error.invalidData) {
            try ImageCommentsMapper.map(makeCommentsJSON([json]), from: HTTPURLResponse(statusCode: 200))
        }
    }

    @Test(arguments: ["id", "message", "created_at", "author"])
    func map_throwsErrorWhenOneCommentAmongValidOnesMissesARequiredKey(key: String) {
        var malformed = makeComment().json
        malformed[key] = nil

        #expect(throws: ImageCommentsMapper.Error.invalidData) {
            try ImageCommentsMapper.map(
                makeCommentsJSON([makeComment().json, malformed, makeComment().json]),
                from: HTTPURLResponse(statusCode: 200)
            )
        }
    }

    @Test func map_deliversTheAuthorsName_leavingOutOneThatIsEmptyOrNotText() throws {
        let named = makeComment(username: "maria.silva")
        var namedJSON = named.json
        namedJSON["author"] = ["username": "maria.silva", "name": "Maria Silva"]
        var emptyJSON = makeComment().json
        emptyJSON["author"] = ["username": "a", "name": ""]
        var numberJSON = makeComment().json
        numberJSON["author"] = ["username": "b", "name": 42]

        let comments = try ImageCommentsMapper.map(makeCommentsJSON([namedJSON, emptyJSON, numberJSON]), from: HTTPURLResponse(statusCode: 200))

        #expect(comments.map(\.authorName) == ["Maria Silva", nil, nil])
        #expect(comments.map(\.username) == ["maria.silva", "a", "b"])
    }

    @Test func map_throwsErrorOnCommentWithoutAuthorUsername() {
        var json = makeComment().json
        json["author"] = ["name": "not the username key"]

        #expect(throws: ImageCommentsMapper.Error.invalidData) {
            try ImageCommentsMapper.map(makeCommentsJSON([json]), from: HTTPURLResponse(statusCode: 200))
        }
    }

    @Test func map_throwsErrorOnCommentWithInvalidUUID() {
        var json = makeComment().json
        json["id"] = "not-a-uuid"

        #expect(throws: ImageCommentsMapper.Error.invalidData) {
            try ImageCommentsMapper.map(makeCommentsJSON([json]), from: HTTPURLResponse(statusCode: 200))
        }
    }

    @Test func map_ignoresUnknownKeys() throws {
        let comment = makeComment()
        var json = comment.json
        json["likes"] = 3
        json["author"] = ["username": comment.model.username, "avatar": "https://avatar-url.com"]

        let result = try ImageCommentsMapper.map(makeCommentsJSON([json]), from: HTTPURLResponse(statusCode: 200))

        #expect(result == [comment.model])
    }

    // MARK: - Helpers

    private func makeCommentsJSON(_ comments: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["items": comments])
    }

    private func makeComment(
        id: UUID = UUID(),
        message: String = "a message",
        createdAt: (date: Date, iso8601String: String) = (Date(timeIntervalSince1970: 1_589_973_899), "2020-05-20T11:24:59+0000"),
        username: String = "a username"
    ) -> (model: ImageComment, json: [String: Any]) {
        let model = ImageComment(id: id, message: message, createdAt: createdAt.date, username: username)
        let json: [String: Any] = [
            "id": id.uuidString,
            "message": message,
            "created_at": createdAt.iso8601String,
            "author": ["username": username]
        ]
        return (model, json)
    }
}
