import HTTPTypes
import Hummingbird
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct EntityTagTests {
    private let tag = EntityTag(opaque: "abc123")

    @Test func headerValue_isQuoted() {
        #expect(tag.headerValue == "\"abc123\"")
    }

    @Test(arguments: [
        "\"abc123\"",
        "W/\"abc123\"",
        "*",
        "\"other\", \"abc123\"",
        "\"other\",W/\"abc123\"",
        "  \"abc123\"  "
    ])
    func isMatched_whenIfNoneMatchNamesTheTag(ifNoneMatch: String) {
        #expect(tag.isMatched(byIfNoneMatch: [.ifNoneMatch: ifNoneMatch]))
    }

    @Test(arguments: ["\"abc12\"", "abc123", "\"ABC123\"", "\"other\", W/\"x\"", ""])
    func isNotMatched_whenIfNoneMatchNamesOtherTags(ifNoneMatch: String) {
        #expect(!tag.isMatched(byIfNoneMatch: [.ifNoneMatch: ifNoneMatch]))
    }

    @Test func isMatched_acrossSeveralIfNoneMatchFields() {
        var headers = HTTPFields()
        headers.append(HTTPField(name: .ifNoneMatch, value: "\"other\""))
        headers.append(HTTPField(name: .ifNoneMatch, value: "\"abc123\""))

        #expect(tag.isMatched(byIfNoneMatch: headers))
    }

    @Test func isNotMatched_withoutIfNoneMatch() {
        #expect(!tag.isMatched(byIfNoneMatch: [:]))
    }
}
