import Foundation

/// A small seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// The demo feed draws every choice from it, through helpers defined here rather
/// than the standard library's `random(in:using:)`, so the feed stays the same
/// across Swift releases.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        let offset = span == 0 ? next() : next() % span
        return range.lowerBound + Int(offset)
    }

    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    mutating func element<T>(of elements: [T]) -> T? {
        elements.isEmpty ? nil : elements[int(in: 0...elements.count - 1)]
    }

    /// Fisher–Yates.
    mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var result = elements
        for index in result.indices.dropFirst().reversed() {
            result.swapAt(index, int(in: 0...index))
        }
        return result
    }

    /// A random (version 4) UUID made from this generator's bits.
    mutating func uuid() -> UUID {
        let high = next().bigEndian
        let low = next().bigEndian
        var bytes = withUnsafeBytes(of: high) { Array($0) } + withUnsafeBytes(of: low) { Array($0) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
