import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct NotificationsMapperTests {
    @Test func map_deliversTheNotificationsItCanShow_andTheUnreadCount() throws {
        let image = UUID()
        let json = """
            {"items": [
              {"id": 10, "type": "comment", "created_at": "2026-11-20T11:00:00+0000", "read": false,
               "account": {"username": "ana", "display_name": "Ana", "avatar": {"color": "#336699", "blur_hash": "LEHV6nWB", "urls": {"thumb": "https://api.example/a/t.webp", "small": "https://api.example/a/s.webp"}}}},
              {"id": 9, "type": "like", "created_at": "2026-11-20T10:00:00+0000", "read": false,
               "account": {"username": "rita", "display_name": "Rita", "avatar": null}, "image_id": "\(image.uuidString)"},
              {"id": 8, "type": "poke", "created_at": "2026-11-20T09:00:00+0000", "read": false, "account": {"username": "sam", "display_name": "Sam"}},
              {"id": 7, "type": "follow", "created_at": "2026-11-20T08:00:00+0000", "read": true, "account": {"username": "sam", "display_name": ""}}
            ], "unread_count": 2}
            """
        let page = try NotificationsMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(page.unreadCount == 2)
        #expect(page.items.map(\.id) == [10, 9, 7], "a kind the app does not know is left out")
        #expect(page.items.first?.actor.avatar?.thumbURL.absoluteString == "https://api.example/a/t.webp", "with their picture")
        #expect(page.items[1].imageID == image && page.items[1].actor == User(username: "rita", name: "Rita"))
        #expect(page.items.last?.actor.name == "sam" && page.items.last?.isRead == true)
    }

    @Test func map_tellsARequestToFollow_andOneAccepted_asFollowsOfTheirStep() throws {
        let json = """
            {"items": [
              {"id": 3, "type": "follow_accepted", "created_at": "2026-11-20T10:00:00+0000", "read": false, "account": {"username": "ann"}},
              {"id": 2, "type": "follow_request", "created_at": "2026-11-20T09:00:00+0000", "read": false, "account": {"username": "ben"}},
              {"id": 1, "type": "follow", "created_at": "2026-11-20T08:00:00+0000", "read": false, "account": {"username": "cat"}}
            ], "unread_count": 3}
            """
        let page = try NotificationsMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(page.items.map(\.kind) == [.follow, .follow, .follow], "a client that knows only follows still reads them as such")
        #expect(page.items.map(\.followRequest) == [.accepted, .asked, nil])
    }

    @Test func map_refusesAnythingElse() {
        #expect(throws: NotificationsMapper.Error.authenticationRequired) { try NotificationsMapper.map(Data(), from: HTTPURLResponse(statusCode: 401)) }
        #expect(throws: NotificationsMapper.Error.invalidData) { try NotificationsMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200)) }
    }

    @Test func endpoints_askForAPage_andMarkReadUpToAnID() throws {
        let base = try #require(URL(string: "https://api.example/essential-feed"))
        let list = NotificationsEndpoint.list(afterID: 42).request(baseURL: base)
        #expect(list.url?.absoluteString == "https://api.example/essential-feed/v1/notifications?limit=50&after_id=42")
        let read = NotificationsEndpoint.markRead(upToID: 9).request(baseURL: base)
        #expect(read.httpMethod == "POST" && read.url?.path == "/essential-feed/v1/notifications/read")
        #expect(read.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"up_to_id":9}"#)
    }
}

struct LikeStateMapperTests {
    @Test func map_deliversTheStateAndCount_orWhyNot() throws {
        #expect(
            try LikeStateMapper.map(Data(#"{"liked":true,"like_count":3}"#.utf8), from: HTTPURLResponse(statusCode: 200))
                == LikeState(isLiked: true, likeCount: 3))
        #expect(throws: LikeStateMapper.Error.authenticationRequired) { try LikeStateMapper.map(Data(), from: HTTPURLResponse(statusCode: 401)) }
        let limited = try #require(HTTPURLResponse(url: anyURL(), statusCode: 429, httpVersion: nil, headerFields: ["Retry-After": "17"]))
        #expect(throws: LikeStateMapper.Error.tooManyLikes(retryAfter: 17)) { try LikeStateMapper.map(Data(), from: limited) }
        #expect(throws: LikeStateMapper.Error.invalidData) { try LikeStateMapper.map(Data(#"{"liked":true,"like_count":-1}"#.utf8), from: HTTPURLResponse(statusCode: 200)) }
    }

    @Test func endpoints_likeUnlikeAndList() throws {
        let base = try #require(URL(string: "https://api.example/essential-feed"))
        let id = UUID()
        #expect(LikeEndpoint.like(imageID: id).request(baseURL: base).httpMethod == "PUT")
        #expect(LikeEndpoint.unlike(imageID: id).request(baseURL: base).url?.path == "/essential-feed/v1/image/\(id.uuidString)/like")
        #expect(LikeEndpoint.likers(imageID: id, after: "rita").request(baseURL: base).url?.query == "limit=50&after=rita")
    }
}

struct NotificationsPresenterTests {
    private let english = Locale(identifier: "en")
    private let date = Date(timeIntervalSince1970: 1_790_000_000)
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    @Test func groups_likesOfOnePhoto_andFollows_butEachMentionAlone_andTheUnreadApart_newestGroupFirst() {
        let photo = UUID()
        let other = UUID()
        let notifications = [
            notification(9, .like, by: "cy", image: other),
            notification(8, .like, by: "bo", image: photo),
            notification(7, .mention, by: "ana", image: photo),
            notification(6, .like, by: "rita", image: photo),
            notification(5, .like, by: "ana", image: photo),
            notification(4, .mention, by: "ana", image: other),
            notification(3, .like, by: "sam", image: photo),
            notification(2, .follow, by: "sam"),
            notification(1, .like, by: "rita", image: photo, read: true)
        ]

        let groups = NotificationsPresenter.groups(
            of: notifications, in: english, currentDate: date.addingTimeInterval(3_600), calendar: calendar)

        #expect(groups.map(\.kind) == [.like, .like, .mention, .mention, .follow, .like])
        #expect(groups[0].text == "Cy liked your photo.")
        #expect(groups[0].age == "59 minutes ago")
        #expect(groups[1].text == "Bo and 3 others liked your photo.")
        #expect(groups[1].actors.map(\.username) == ["bo", "rita", "ana", "sam"])
        #expect(groups[1].imageID == photo && groups[1].isUnread)
        #expect(groups[2].text == "Ana mentioned you.")
        #expect(groups[4].text == "Sam started following you.")
        #expect(groups[5].text == "Rita liked your photo." && !groups[5].isUnread, "read before: not merged into the new ones")
        let two = NotificationsPresenter.groups(
            of: [notification(2, .comment, by: "rita", image: photo), notification(1, .comment, by: "sam", image: photo)], in: english,
            currentDate: date, calendar: calendar)
        #expect(two.first?.text == "Rita and Sam commented on your photo.")
    }

    @Test func groups_requestsToFollow_apartFromFollows_andAcceptancesApartFromBoth() {
        let notifications = [
            notification(5, .follow, by: "ann", step: .accepted),
            notification(4, .follow, by: "ben", step: .asked),
            notification(3, .follow, by: "cat"),
            notification(2, .follow, by: "dan", step: .asked),
            notification(1, .follow, by: "eve", step: .accepted)
        ]

        let groups = NotificationsPresenter.groups(of: notifications, in: english, currentDate: date, calendar: calendar)

        #expect(groups.map(\.text) == ["Ann and Eve accepted your request to follow them.", "Ben and Dan asked to follow you.", "Cat started following you."])
        #expect(groups.map(\.followRequest) == [.accepted, .asked, nil])
        let one = NotificationsPresenter.groups(of: [notification(1, .follow, by: "ben", step: .asked)], in: english, currentDate: date)
        #expect(one.first?.text == "Ben asked to follow you.")
        let accepted = NotificationsPresenter.groups(of: [notification(1, .follow, by: "ann", step: .accepted)], in: english, currentDate: date)
        #expect(accepted.first?.text == "Ann accepted your request to follow them.")
        #expect(FeedNotification(id: 1, kind: .like, createdAt: date, isRead: false, actor: User(username: "a", name: "A"), followRequest: .asked).followRequest == nil)
    }

    @Test func aVerbAgrees_withHowManyDidIt_inLanguagesWhereItMust() {
        let photo = UUID()
        let spanish = Locale(identifier: "es")
        let one = NotificationsPresenter.groups(of: [notification(1, .comment, by: "rita", image: photo)], in: spanish, currentDate: date)
        let many = NotificationsPresenter.groups(
            of: [notification(2, .comment, by: "rita", image: photo), notification(1, .comment, by: "sam", image: photo)], in: spanish,
            currentDate: date)
        #expect(one.first?.text == "Rita comentó tu foto.")
        #expect(many.first?.text == "Rita y Sam comentaron tu foto.")
    }

    @Test func theBellAndTheHeart_sayTheirCounts() {
        #expect(NotificationsPresenter.bellLabel(unreadCount: 0, in: english) == "Notifications")
        #expect(NotificationsPresenter.bellLabel(unreadCount: 150, in: english) == "Notifications, 99+ unread")
        #expect(NotificationsPresenter.likeCountLabel(1, in: english) == "1 like")
        #expect(NotificationsPresenter.likeCountLabel(0, in: english) == "0 likes")
    }

    private func notification(
        _ id: Int64, _ kind: FeedNotification.Kind, by username: String, image: UUID? = nil, read: Bool = false,
        step: FeedNotification.FollowRequestStep? = nil
    ) -> FeedNotification {
        FeedNotification(
            id: id, kind: kind, createdAt: date.addingTimeInterval(Double(id)), isRead: read, actor: User(username: username, name: username.capitalized),
            imageID: image, followRequest: step)
    }
}
