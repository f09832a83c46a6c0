import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

/// Reporting and the moderators' screen as HTML.
@Suite struct ModerationSnapshotTests {
    private let account = SignedInAccount(user: User(username: "mod", name: "Mo D"), csrfToken: "a-csrf-token")
    private let date = Date(timeIntervalSince1970: 1_795_855_200)

    @Test func reportScreen_forAComment_quotingIt_inBrazilianPortuguese() {
        let screen = ReportScreen(.comment(anyUUID(2), onPhoto: anyUUID(1)), locale: brazilianPortuguese, language: "pt-BR", account: account, quote: "Compre <já>\nagora")
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func moderationScreen_withAReportOfEachKind_andTheLog() {
        let photo = FeedImage(
            id: anyUUID(1), description: "A <cat>", location: nil, url: URL(string: "https://api.example/1.jpg")!,
            author: User(username: "ann", name: "Ann"))
        let reports = [
            ModerationReport(id: 1, reporter: "ben", reason: .illegal, note: "Stolen <photo>", createdAt: date, content: .photo(photo)),
            ModerationReport(
                id: 2, reporter: "cat", reason: .abuse, note: nil, createdAt: date,
                content: .comment(id: anyUUID(9), message: "You <fool>", username: "zed", photoID: anyUUID(1))),
            ModerationReport(id: 3, reporter: "ben", reason: .spam, note: nil, createdAt: date, content: .account(username: "zed", name: "Zed", isSuspended: true)),
            ModerationReport(id: 4, reporter: "ben", reason: .other, note: nil, createdAt: date, content: nil)
        ]
        let log = [ModerationLogEntry(id: 1, moderator: "mod", action: "suspend", target: "zed", reason: "Threats", createdAt: date)]
        assertSnapshot(of: ModerationScreen(reports: reports, log: log, locale: english, language: "en", account: account).html, as: .lines)
    }
}
