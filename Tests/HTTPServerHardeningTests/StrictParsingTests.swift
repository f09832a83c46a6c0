import Foundation
import HTTPServerHardening
import Testing

@Suite struct StrictParsingTests {
    @Test(arguments: ["6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E", "6b0b5f9e-0e4a-4c1b-9e0a-2f5d2b3c4d5e"])
    func uuid_acceptsTheCanonicalForm(_ text: String) {
        #expect(UUID(exactly: text) == UUID(uuidString: text))
    }

    @Test(arguments: [
        "6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E\u{0}junk",
        "6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E ",
        " 6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E",
        "6B0B5F9E0E4A4C1B9E0A2F5D2B3C4D5E",
        "6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5G",
        "{6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E}",
        ""
    ])
    func uuid_refusesAnythingElse(_ text: String) {
        #expect(UUID(exactly: text) == nil)
    }

    @Test func decimalDigits_acceptsPlainDigits() {
        #expect(Int(decimalDigits: "5") == 5)
        #expect(Int(decimalDigits: "050") == 50)
    }

    @Test(arguments: ["+5", "-5", " 5", "5 ", "5\u{0}", "0x5", "", "1e3", "٥"])
    func decimalDigits_refusesSignsSpacesAndOtherNotations(_ text: String) {
        #expect(Int(decimalDigits: text) == nil)
    }

    @Test func decimalDigits_refusesMoreDigitsThanAllowed() {
        #expect(Int(decimalDigits: "123", maxDigits: 2) == nil)
        #expect(Int(decimalDigits: String(repeating: "9", count: 40)) == nil)
    }
}
