import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ProfileMapperTests {
    private let base = URL(string: "http://127.0.0.1:8081/essential-feed")!

    @Test func endpoint_namesTheAccount_asOnePathSegment() {
        let id = UUID(uuidString: "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")!

        #expect(ProfileEndpoint.profile(username: "maria.silva").request(baseURL: base).url?.absoluteString == "\(base)/v1/accounts/maria.silva")
        #expect(ProfileEndpoint.profile(username: "../me").request(baseURL: base).url?.absoluteString == "\(base)/v1/accounts/..%2Fme")
        let posts = ProfileEndpoint.posts(username: "rita", afterImageWithID: id).request(baseURL: base)
        #expect(posts.url?.absoluteString == "\(base)/v1/accounts/rita/feed?limit=24&after_id=2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")
        #expect(posts.httpMethod == "GET")
        #expect(ProfileEndpoint.timeline(afterImageWithID: nil).request(baseURL: base).url?.absoluteString == "\(base)/v1/timeline?limit=10")
        let previous = PreviousPostEndpoint.previous(username: "rita", beforeImageWithID: id).request(baseURL: base)
        #expect(previous.url?.absoluteString == "\(base)/v1/accounts/rita/feed?limit=1&before_id=2AB2AE66-A4B7-4A16-B374-51BBAC8DB086")
        #expect(previous.httpMethod == "GET")
    }

    @Test func endpoint_followsWithPUT_andUnfollowsWithDELETE_atTheSameAddress() {
        let follow = ProfileEndpoint.follow(username: "rita").request(baseURL: base)
        let unfollow = ProfileEndpoint.unfollow(username: "rita").request(baseURL: base)

        #expect(follow.httpMethod == "PUT")
        #expect(unfollow.httpMethod == "DELETE")
        #expect(follow.url == unfollow.url)
        #expect(follow.url?.absoluteString == "\(base)/v1/accounts/rita/follow")
    }

    @Test func map_deliversTheProfile_withWhatTheReaderIsToThem() throws {
        let json = #"""
            {"username":"rita","display_name":"Rita M.","bio":"Photos of\nthe sea","avatar":null,"created_at":"2026-01-02T03:04:05Z",
             "posts_count":12,"followers_count":3,"following_count":4,"following":true,"followed_by":false}
            """#

        let profile = try ProfileMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(
            profile
                == Profile(
                    user: User(username: "rita", name: "Rita M."), bio: "Photos of\nthe sea", postsCount: 12, followersCount: 3,
                    followingCount: 4, isFollowedByReader: true, followsReader: false))
    }

    @Test func map_deliversThePersonsPicture_inTheProfileAndInLists() throws {
        let avatar = ##"{"color":"#102030","blur_hash":"LEHV6nWB2yk8","urls":{"thumb":"http://api.test/t.jpg","small":"http://api.test/s.jpg"}}"##
        let json = #"{"username":"rita","display_name":"Rita","avatar":\#(avatar),"posts_count":0,"followers_count":0,"following_count":0}"#
        let list = #"{"items":[{"username":"rita","display_name":"Rita","avatar":\#(avatar)},{"username":"sam","avatar":null}]}"#

        let profile = try ProfileMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))
        let people = try PeopleMapper.map(Data(list.utf8), from: HTTPURLResponse(statusCode: 200))

        let expected = Avatar(
            thumbURL: URL(string: "http://api.test/t.jpg")!, smallURL: URL(string: "http://api.test/s.jpg")!, averageColor: "#102030",
            blurHash: "LEHV6nWB2yk8")
        #expect(profile.user.avatar == expected)
        #expect(people.map(\.avatar) == [expected, nil])
    }

    @Test func avatarEndpoint_putsThePhotoAsAPostsFilePart_andRemovesWithDELETE() throws {
        let base = try #require(URL(string: "http://api.test/essential-feed"))
        let set = AvatarEndpoint.set(Data("JPEG".utf8)).request(baseURL: base, boundary: "B")
        let remove = AvatarEndpoint.remove.request(baseURL: base)

        #expect(set.httpMethod == "PUT" && set.url?.absoluteString == "http://api.test/essential-feed/v1/me/avatar")
        #expect(set.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=B")
        let body = String(decoding: try #require(set.httpBody), as: UTF8.self)
        #expect(body.hasPrefix("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"avatar\"\r\n"))
        #expect(body.hasSuffix("\r\n\r\nJPEG\r\n--B--\r\n"))
        #expect(remove.httpMethod == "DELETE" && remove.url == set.url)
    }

    @Test func avatarMapper_deliversTheProfile_orWhyThePhotoWasRefused() throws {
        let json = #"{"username":"rita","display_name":"Rita","avatar":null,"posts_count":1,"followers_count":0,"following_count":0}"#
        #expect(try AvatarMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200)).user.username == "rita")
        for (status, error) in [
            (401, PostedFeedImageMapper.Error.authenticationRequired), (413, .tooLarge), (415, .unsupportedType), (422, .unreadable), (500, .invalidData)
        ] {
            #expect(throws: error) { try AvatarMapper.map(Data(), from: HTTPURLResponse(statusCode: status)) }
        }
        #expect(throws: PostedFeedImageMapper.Error.invalidData) { try AvatarMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: InsufficientStorageError.self) { try AvatarMapper.map(Data(), from: HTTPURLResponse(statusCode: 507)) }
        try AvatarMapper.mapRemoval(HTTPURLResponse(statusCode: 204))
        #expect(throws: PostedFeedImageMapper.Error.authenticationRequired) { try AvatarMapper.mapRemoval(HTTPURLResponse(statusCode: 401)) }
    }

    @Test func map_namesThePersonByTheirUsername_withoutADisplayName_andKnowsNothingOfTheReaderWithoutAToken() throws {
        let json = #"{"username":"rita","display_name":"","bio":null,"posts_count":0,"followers_count":0,"following_count":0}"#

        let profile = try ProfileMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(profile.user == User(username: "rita", name: "rita"))
        #expect(profile.isFollowedByReader == nil)
        #expect(profile.followsReader == nil)
    }

    @Test func map_tellsAnUnknownName_fromAnAnswerItCannotRead() {
        let negative = #"{"username":"rita","posts_count":-1,"followers_count":0,"following_count":0}"#

        #expect(throws: ResourceNotFoundError()) { try ProfileMapper.map(Data(), from: HTTPURLResponse(statusCode: 404)) }
        #expect(throws: ProfileMapper.Error.invalidData) { try ProfileMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: ProfileMapper.Error.invalidData) { try ProfileMapper.map(Data(negative.utf8), from: HTTPURLResponse(statusCode: 200)) }
        #expect(throws: ProfileMapper.Error.invalidData) { try ProfileMapper.map(Data(), from: HTTPURLResponse(statusCode: 500)) }
    }

    @Test func followState_isWhatTheAPICounted_andEveryRefusalIsTold() throws {
        let state = try FollowStateMapper.map(Data(#"{"following":true,"followers_count":8}"#.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(state == FollowState(isFollowing: true, followersCount: 8))
        #expect(throws: FollowStateMapper.Error.authenticationRequired) { try FollowStateMapper.map(Data(), from: HTTPURLResponse(statusCode: 401)) }
        #expect(throws: FollowStateMapper.Error.refused) { try FollowStateMapper.map(Data(), from: HTTPURLResponse(statusCode: 400)) }
        #expect(throws: ResourceNotFoundError()) { try FollowStateMapper.map(Data(), from: HTTPURLResponse(statusCode: 404)) }
        #expect(throws: FollowStateMapper.Error.invalidData) { try FollowStateMapper.map(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200)) }
    }

    @Test func people_areListedByTheirNames_andPagedByTheLastUsername() throws {
        let json = #"{"items":[{"username":"rita","display_name":"Rita M.","avatar":null},{"username":"olga","display_name":null}]}"#

        let people = try PeopleMapper.map(Data(json.utf8), from: HTTPURLResponse(statusCode: 200))

        #expect(people == [User(username: "rita", name: "Rita M."), User(username: "olga", name: "olga")])
        #expect(throws: PeopleMapper.Error.invalidData) {
            try PeopleMapper.map(Data(#"{"items":[{"username":""}]}"#.utf8), from: HTTPURLResponse(statusCode: 200))
        }
        #expect(throws: ResourceNotFoundError()) { try PeopleMapper.map(Data(), from: HTTPURLResponse(statusCode: 404)) }
        #expect(
            ProfileEndpoint.followers(username: "rita", after: "olga").request(baseURL: base).url?.absoluteString
                == "\(base)/v1/accounts/rita/followers?limit=50&after=olga")
        #expect(ProfileEndpoint.following(username: "rita", after: nil).request(baseURL: base).url?.absoluteString == "\(base)/v1/accounts/rita/following?limit=50")
    }

    @Test func labels_countInTheReadersLanguage_oneAndMany() {
        let english = ProfileLabels(locale: Locale(identifier: "en"))
        let portuguese = ProfileLabels(locale: Locale(identifier: "pt-BR"))

        #expect(english.posts(1) == "1 post")
        #expect(english.posts(0) == "0 posts")
        #expect(english.followers(1) == "1 follower")
        #expect(english.followers(1_234) == "1234 followers")
        #expect(english.following(3) == "3 following")
        #expect(portuguese.followers(2) == "2 seguidores")
    }
}
