import Foundation

extension UUID {
    /// The canonical 36-character form and nothing else: no NUL, space or text after it,
    /// which `UUID(uuidString:)` lets through on some platforms.
    public init?(exactly text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        let dashes: Set = [8, 13, 18, 23]
        guard utf8.count == 36 else { return nil }
        for (index, byte) in utf8.enumerated() {
            let isValid = dashes.contains(index) ? byte == UInt8(ascii: "-") : byte.isASCIIHexDigit
            guard isValid else { return nil }
        }
        self.init(uuidString: String(decoding: utf8, as: UTF8.self))
    }
}

extension Int {
    /// Decimal digits only, at most `maxDigits` of them: no sign, space or other notation.
    public init?(decimalDigits text: some StringProtocol, maxDigits: Int = 9) {
        let utf8 = Array(text.utf8)
        guard (1...maxDigits).contains(utf8.count), utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        self = utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

private extension UInt8 {
    var isASCIIHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
