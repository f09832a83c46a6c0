import FeedAPIStorage
import Testing

@testable import FeedAPIServer

@Suite("A page's query: limit and cursor, each at most once")
struct PageQueryTests {
    @Test func absentParameters_giveTheDefaultLimit_andNoCursor() throws {
        let page = try PageQuery(people: [])
        #expect(page.limit == 20)
        #expect(page.cursor == nil)
    }

    @Test func givenParameters_areRead() throws {
        let page = try PageQuery(people: [("limit", "7"), ("after", "maria.silva")])
        #expect(page.limit == 7)
        #expect(page.cursor == Username("maria.silva"))

        let numbered = try PageQuery([("after_id", "42")], numbered: "after_id", expecting: "a notification's id")
        #expect(numbered.cursor == 42)
    }

    @Test(
        arguments: [
            [("limit", "0")], [("limit", "51")], [("limit", "-1")], [("limit", "abc")], [("limit", "")], [("limit", "1"), ("limit", "2")]
        ] as [[(key: Substring, value: Substring)]])
    func aLimitOutOfRangeMalformedOrRepeated_isRefused_namingIt(_ parameters: [(key: Substring, value: Substring)]) {
        #expect(Self.refusal { try PageQuery(people: parameters) }?.hasPrefix("Query parameter `limit`") == true)
    }

    @Test func aMalformedOrRepeatedCursor_isRefused_sayingWhatIsExpected() {
        let malformed = Self.refusal { try PageQuery([("after", "x1")], numbered: "after", expecting: "an entry's number") }
        #expect(malformed?.contains("expected an entry's number") == true)
        let repeated = Self.refusal { try PageQuery(people: [("after", "a"), ("after", "b")]) }
        #expect(repeated?.contains("given more than once") == true)
    }

    private static func refusal<Cursor>(_ read: () throws -> PageQuery<Cursor>) -> String? {
        do {
            _ = try read()
            return nil
        } catch let problem as ProblemDetails {
            return problem.detail
        } catch {
            return "not a problem: \(error)"
        }
    }
}
