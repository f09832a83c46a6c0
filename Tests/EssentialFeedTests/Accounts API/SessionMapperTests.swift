import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct SessionMapperTests {
    private let sessionJSON = Data(
        #"""
        {"token": "a-token", "expires_at": "2026-12-22T10:00:00+0000", "user": {"username": "maria.silva", "name": "Maria Silva"}}
        """#.utf8)

    @Test func map_deliversTheSessionOn201() throws {
        let session = try SessionMapper.map(sessionJSON, from: HTTPURLResponse(statusCode: 201))

        #expect(
            session
                == Session(
                    token: "a-token", expiresAt: Date(timeIntervalSince1970: 1_797_933_600),
                    user: User(username: "maria.silva", name: "Maria Silva")))
    }

    @Test(arguments: [
        "", "{}", #"{"token": "", "expires_at": "2026-12-22T10:00:00+0000", "user": {"username": "a", "name": "b"}}"#,
        #"{"token": "t", "expires_at": "tomorrow", "user": {"username": "a", "name": "b"}}"#
    ])
    func map_throwsInvalidDataOn201WithInvalidJSON(body: String) {
        #expect(throws: SessionMapper.Error.invalidData) {
            try SessionMapper.map(Data(body.utf8), from: HTTPURLResponse(statusCode: 201))
        }
    }

    @Test func map_throwsInvalidCredentialsOn401() {
        #expect(throws: SessionMapper.Error.invalidCredentials) {
            try SessionMapper.map(Data(), from: HTTPURLResponse(statusCode: 401))
        }
    }

    @Test func map_throwsTooManyAttemptsWithTheRetryDelayOn429() {
        let response = HTTPURLResponse(url: anyURL(), statusCode: 429, httpVersion: nil, headerFields: ["Retry-After": "421"])!
        let withoutDelay = HTTPURLResponse(url: anyURL(), statusCode: 429, httpVersion: nil, headerFields: ["Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"])!

        #expect(throws: SessionMapper.Error.tooManyAttempts(retryAfter: 421)) {
            try SessionMapper.map(Data(), from: response)
        }
        #expect(throws: SessionMapper.Error.tooManyAttempts(retryAfter: nil)) {
            try SessionMapper.map(Data(), from: withoutDelay)
        }
    }

    @Test(arguments: [199, 204, 300, 400, 403, 500])
    func map_throwsInvalidDataOnOtherStatusCodes(statusCode: Int) {
        #expect(throws: SessionMapper.Error.invalidData) {
            try SessionMapper.map(sessionJSON, from: HTTPURLResponse(statusCode: statusCode))
        }
    }

    @Test func userMapper_deliversTheUserOn200AndAuthenticationRequiredOn401() throws {
        let json = Data(#"{"username": "sam", "name": "Sam"}"#.utf8)

        #expect(try UserMapper.map(json, from: HTTPURLResponse(statusCode: 200)) == User(username: "sam", name: "Sam"))
        #expect(throws: UserMapper.Error.authenticationRequired) {
            try UserMapper.map(json, from: HTTPURLResponse(statusCode: 401))
        }
        #expect(throws: UserMapper.Error.invalidData) {
            try UserMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200))
        }
        #expect(throws: UserMapper.Error.invalidData) {
            try UserMapper.map(json, from: HTTPURLResponse(statusCode: 500))
        }
    }

    @Test func logOutMapper_acceptsNoContentAndATokenAlreadyDead() throws {
        try LogOutMapper.map(Data(), from: HTTPURLResponse(statusCode: 204))
        try LogOutMapper.map(Data(), from: HTTPURLResponse(statusCode: 401))
        #expect(throws: LogOutMapper.Error.invalidData) {
            try LogOutMapper.map(Data(), from: HTTPURLResponse(statusCode: 500))
        }
    }
}
