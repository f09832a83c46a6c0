import EssentialFeedWebUI
import Foundation
import Testing

struct ProfileLinksTests {
    @Test(arguments: ["maria.silva", "Rita_99-x", "a b", "é", "../x", "50%", "x/y?z#", "日本", "👩‍🎨"])
    func profile_percentEncodesAllButLettersDigitsDotUnderscoreAndHyphen(_ username: String) throws {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let expected = try #require(username.addingPercentEncoding(withAllowedCharacters: safe))

        #expect(ProfileLinks.profile(username) == "/@" + expected)
    }
}
