import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ModerationEndpointTests {
    private let base = URL(string: "http://127.0.0.1:8081/essential-feed")!
    private let photo = UUID(uuidString: "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")!
    private let comment = UUID(uuidString: "7D0F5A3E-9B0A-4C7E-8E55-6A1B2C3D4E5F")!

    @Test func aReport_namesItsSubject_reason_andNote() throws {
        let request = try ModerationEndpoint.report(.comment(comment, onPhoto: photo), reason: .abuse, note: "Rude").request(baseURL: base)

        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/reports")
        let body = try #require(try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: String])
        #expect(body == ["comment_id": comment.uuidString, "reason": "abuse", "note": "Rude"])
        let account = try ModerationEndpoint.report(.account(username: "rita"), reason: .spam, note: nil).request(baseURL: base)
        #expect(try JSONSerialization.jsonObject(with: account.httpBody ?? Data()) as? [String: String] == ["username": "rita", "reason": "spam"])
    }

    @Test func aModeratorsActions_goToTheirRoutes_withTheReason() throws {
        let removal = try ModerationEndpoint.remove(.photo(photo), reason: "Spam ring").request(baseURL: base)
        #expect(removal.httpMethod == "DELETE")
        #expect(removal.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/image/2AB2AE66-A4B7-4A16-B374-51BBAC8DB086?reason=Spam%20ring")
        let suspension = try ModerationEndpoint.suspend(username: "rita", reason: "Abuse").request(baseURL: base)
        #expect(suspension.httpMethod == "POST" && suspension.url?.path() == "/essential-feed/v1/accounts/rita/suspension")
        #expect(try ModerationEndpoint.dismiss(reportID: 7, reason: nil).request(baseURL: base).url?.path() == "/essential-feed/v1/moderation/reports/7/dismiss")
        #expect(try ModerationEndpoint.openReports.request(baseURL: base).url?.query() == "limit=50")
    }

    @Test func mapReports_readsEachReportsContentByItsTarget_andTellsRefusals() throws {
        let json = """
            {"items":[
              {"id":1,"reporter":{"username":"ben"},"target":{"type":"comment","id":"\(comment.uuidString)"},"reason":"abuse","created_at":"2026-11-28T08:40:00+0000",
               "content":{"id":"\(comment.uuidString)","message":"Rude words","username":"zed","image_id":"\(photo.uuidString)","created_at":"2026-11-28T08:30:00+0000"}},
              {"id":2,"reporter":{"username":"ann"},"target":{"type":"account","username":"zed"},"reason":"spam","note":"Bot","created_at":"2026-11-28T08:41:00+0000",
               "content":{"username":"zed","display_name":"Zed","suspended":false}},
              {"id":3,"reporter":{"username":"ann"},"target":{"type":"image","id":"\(photo.uuidString)"},"reason":"illegal","created_at":"2026-11-28T08:42:00+0000","content":null}
            ]}
            """
        let reports = try ModerationMapper.mapReports(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(reports.map(\.id) == [1, 2, 3])
        #expect(reports[0].content == .comment(id: comment, message: "Rude words", username: "zed", photoID: photo))
        #expect(reports[1].content == .account(username: "zed", name: "Zed", isSuspended: false))
        #expect(reports[1].note == "Bot")
        #expect(reports[2].content == nil, "gone")
        #expect(throws: ModerationMapper.Error.notAllowed) { try ModerationMapper.mapReports(Data(), from: HTTPURLResponse(statusCode: 403)) }
        #expect(throws: ModerationMapper.Error.alreadyReported) { try ModerationMapper.mapChange(HTTPURLResponse(statusCode: 409)) }
        #expect(throws: ModerationMapper.Error.tooManyReports) { try ModerationMapper.mapChange(HTTPURLResponse(statusCode: 429)) }
        #expect(throws: ResourceNotFoundError()) { try ModerationMapper.mapChange(HTTPURLResponse(statusCode: 404)) }
        try ModerationMapper.mapChange(HTTPURLResponse(statusCode: 201))
    }
}

@Suite struct SuspendedLogInTests {
    @Test func aSuspendedAccountsLogIn_isToldSo_withTheModeratorsReason() throws {
        let body = Data(#"{"type":"/essential-feed/problems/account-suspended","title":"Account suspended","status":403,"detail":"This account is suspended: Spam ring"}"#.utf8)
        let english = Locale(identifier: "en")

        #expect(throws: AccountRefusal(.accountSuspended, detail: "This account is suspended: Spam ring")) {
            try SessionMapper.map(body, from: HTTPURLResponse(statusCode: 403))
        }
        do {
            _ = try SessionMapper.map(body, from: HTTPURLResponse(statusCode: 403))
        } catch {
            #expect(LogInPresenter.errorMessage(for: error, locale: english) == "This account has been suspended by the moderators. Their reason: Spam ring")
        }
        #expect(
            ModerationPresenter.suspendedMessage(apiDetail: "This account is suspended.", locale: Locale(identifier: "es"))
                == "Los moderadores suspendieron esta cuenta.")
        #expect(throws: SessionMapper.Error.invalidData) { try SessionMapper.map(Data(), from: HTTPURLResponse(statusCode: 403)) }
    }
}
