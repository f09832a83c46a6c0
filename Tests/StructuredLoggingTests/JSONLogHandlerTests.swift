import Foundation
import Logging
import StructuredLogging
import Synchronization
import Testing

@Suite("JSON log lines")
struct JSONLogHandlerTests {
    @Test func anEvent_isOneLineOfJSON_withTimeLevelLabelMessageAndFields() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "essential-feed.api") { label in
            JSONLogHandler(label: label, now: { Date(timeIntervalSince1970: 1_800_000_000.25) }) { line in lines.withLock { $0.append(line) } }
        }
        logger[metadataKey: "instance"] = "a"

        logger.warning("Refused a request:\nthe database is unavailable", metadata: ["path": "/essential-feed/v1/feed", "tries": .array(["1", "2"])])

        let line = try #require(lines.withLock { $0 }.first)
        #expect(line.hasSuffix("\n") && line.dropLast().contains("\n") == false, "one line per event")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2027-01-15T08:00:00.250Z")
        #expect(object["level"] as? String == "warning")
        #expect(object["label"] as? String == "essential-feed.api")
        #expect(object["message"] as? String == "Refused a request:\nthe database is unavailable")
        let fields = try #require(object["fields"] as? [String: Any])
        #expect(fields["path"] as? String == "/essential-feed/v1/feed")
        #expect(fields["instance"] as? String == "a")
        #expect(fields["tries"] as? [String] == ["1", "2"])
    }

    @Test func eventsBelowTheLevel_areNotWritten_andAnEventWithoutFieldsHasNone() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "test") { JSONLogHandler(label: $0) { line in lines.withLock { $0.append(line) } } }
        logger.logLevel = .notice

        logger.info("hidden")
        logger.notice("shown")

        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: Any])
        #expect(object["message"] as? String == "shown")
        #expect(object["fields"] == nil)
    }
}
