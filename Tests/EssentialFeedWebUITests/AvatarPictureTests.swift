import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct AvatarPictureTests {
    private let thumb = String(repeating: "a", count: 64) + ".jpg"
    private let small = String(repeating: "b", count: 64) + ".jpg"
    private let reader = SignedInAccount(user: User(username: "joao.pedro", name: "João"), csrfToken: "a-csrf-token")

    @Test func lists_showAPersonsThumb_servedByTheApp_andTheInitialOfThoseWithout() {
        let pictured = User(username: "olga", name: "Olga", avatar: avatar(base: "http://api.test/essential-feed/v1/images/"))
        let screen = PeopleScreen(
            owner: User(username: "maria", name: "Maria"), list: .followers, people: [pictured, User(username: "sam", name: "Sam")],
            nextURL: nil, locale: Locale(identifier: "en"), language: "en", account: reader)

        let html = screen.html.description
        #expect(html.contains(#"<img class="avatar avatar-small avatar-picture" src="/avatars/\#(thumb)" alt="""#))
        #expect(html.contains(#"<span class="avatar avatar-small avatar-hue-"#), "Sam has none: his initial")
    }

    @Test(arguments: [("sam", "S"), ("Sam", "S"), ("9lives", "9"), ("élodie", "É"), ("ßara", "SS"), ("ølaf", "Ø"), ("", "@")])
    func withoutAPicture_showsTheirNamesFirstLetterAsACapital(name: String, initial: String) {
        let screen = PeopleScreen(
            owner: User(username: "maria", name: "Maria"), list: .followers, people: [User(username: "someone", name: name)],
            nextURL: nil, locale: Locale(identifier: "en"), language: "en", account: reader)

        #expect(screen.html.description.contains(#"aria-hidden="true">\#(initial)</span>"#))
    }

    /// The app serves a picture by its name alone, from its own API: an address that names
    /// none of the API's images shows none.
    @Test func aPictureNotAmongTheAPIsImages_isNeverShown() {
        for base in ["http://evil.test/", "http://api.test/essential-feed/v1/imagesX/", "http://api.test/essential-feed/v1/images/x/"] {
            let user = User(username: "olga", name: "Olga", avatar: avatar(base: base))
            let screen = PeopleScreen(
                owner: user, list: .following, people: [user], nextURL: nil, locale: Locale(identifier: "en"), language: "en", account: reader)
            #expect(!screen.html.description.contains("<img class=\"avatar"), "\(base)")
        }
    }

    @Test func theHeadersAccountButton_showsTheReadersPicture_orTheirInitialWithout() {
        let pictured = SignedInAccount(
            user: User(username: "olga", name: "Olga", avatar: avatar(base: "http://api.test/essential-feed/v1/images/")), csrfToken: "t")
        let screen = { (account: SignedInAccount) in
            PeopleScreen(
                owner: User(username: "maria", name: "Maria"), list: .followers, people: [], nextURL: nil, locale: Locale(identifier: "en"),
                language: "en", account: account
            ).html.description
        }

        #expect(screen(pictured).contains(#"<img class="account-picture" src="/avatars/\#(thumb)" alt="" width="128" height="128""#))
        #expect(!screen(pictured).contains(#"class="account-initial""#))
        #expect(screen(reader).contains(#"<span class="account-initial" aria-hidden="true">J</span>"#))
    }

    private func avatar(base: String) -> Avatar? {
        guard let thumbURL = URL(string: base + thumb), let smallURL = URL(string: base + small) else { return nil }
        return Avatar(thumbURL: thumbURL, smallURL: smallURL, averageColor: "#102030")
    }
}
