import Foundation
import NIOCore
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct JSONWriterTests {
    @Test(arguments: [
        "",
        "plain",
        "quote \" and backslash \\ and slash /",
        "newline\n return\r tab\t",
        "controls \u{0} \u{1} \u{8} \u{C} \u{1F} and DEL \u{7F}",
        "</script><script>alert(1)</script>",
        "Ελληνικά, português, 日本語, emoji 👩‍👩‍👧 and \u{2028}\u{2029}",
        "\\u0041 is not unescaped"
    ])
    func string_writesJSONThatDecodesToTheSameString(value: String) throws {
        var writer = JSONWriter()
        writer.array([value]) { $0.string($1) }

        let decoded = try JSONSerialization.jsonObject(with: Data(buffer: writer.buffer)) as? [String]
        #expect(decoded == [value])
    }

    @Test func string_escapesControlCharactersAsUnicodeEscapes() {
        var writer = JSONWriter()
        writer.string("a\u{1}b\u{1F}\n")

        #expect(String(buffer: writer.buffer) == #""a\u0001b\u001f\n""#)
    }

    @Test(arguments: [0, 7, -12, 500, Int.max])
    func integer_writesDecimalDigits(value: Int) {
        var writer = JSONWriter()
        writer.integer(value)

        #expect(String(buffer: writer.buffer) == String(value))
    }
}

@Suite struct JSONWriterObjectTests {
    @Test func fields_areSeparatedByTheWriter_absentOptionalsLeftOut_andNestedObjectsAndArraysKeepTheirOwnCommas() throws {
        var writer = JSONWriter()
        writer.object { object in
            object.field("name", "a \"quoted\" name")
            object.optionalField("missing", nil)
            object.field("count", 3)
            object.field("nested") { nested in
                nested.optionalField("present", "yes")
                nested.field("empty") { _ in }
            }
            object.field("list", array: ["x", "y"]) { element, value in element.string(value) }
            object.field("objects", array: [1, 2]) { element, value in element.object { $0.field("n", value) } }
        }

        #expect(
            String(buffer: writer.buffer)
                == #"{"name":"a \"quoted\" name","count":3,"nested":{"present":"yes","empty":{}},"list":["x","y"],"objects":[{"n":1},{"n":2}]}"#)
        _ = try JSONSerialization.jsonObject(with: Data(buffer: writer.buffer))
    }
}
