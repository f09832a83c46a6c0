/// A number with a fixed count of decimals and a dot, whatever the reader's language, for
/// attributes that the stylesheet and the scripts read back as numbers.
///
/// Written digit by digit: a Foundation formatter made for each photo of a page took most of
/// the page's time.
enum DecimalText {
    /// `1.3333` for 4/3 with four digits; half away from zero. Values beyond what 64 bits
    /// hold at that precision, and those that are not finite, are written as zero.
    static func string(_ value: Double, fractionDigits: Int) -> String {
        let digits = min(max(fractionDigits, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard scaled.isFinite, abs(scaled) < 9.0e18 else { return digits == 0 ? "0" : "0." + String(repeating: "0", count: digits) }
        let whole = Int64(scaled)
        let magnitude = whole.magnitude
        let integerPart = String(magnitude / UInt64(scale))
        let sign = whole < 0 ? "-" : ""
        guard digits > 0 else { return sign + integerPart }
        let fraction = String(magnitude % UInt64(scale))
        return sign + integerPart + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
