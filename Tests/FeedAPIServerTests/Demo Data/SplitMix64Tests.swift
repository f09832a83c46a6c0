import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct SplitMix64Tests {
    @Test func next_deliversTheReferenceSequenceForSeedZero() {
        var sut = SplitMix64(seed: 0)

        #expect(sut.next() == 0xE220_A839_7B1D_CDAF)
        #expect(sut.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(sut.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func next_deliversTheSameSequenceForTheSameSeed() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)

        #expect((0..<10).map { _ in first.next() } == (0..<10).map { _ in second.next() })
    }

    @Test func unit_staysInTheHalfOpenUnitInterval() {
        var sut = SplitMix64(seed: 7)

        let values = (0..<1_000).map { _ in sut.unit() }

        #expect(values.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(Set(values).count == values.count)
    }

    @Test(arguments: [0...0, 3...5, -2...2, 30...48])
    func int_staysInTheRequestedRangeAndReachesBothEnds(range: ClosedRange<Int>) {
        var sut = SplitMix64(seed: 99)

        let values = (0..<2_000).map { _ in sut.int(in: range) }

        #expect(values.allSatisfy(range.contains))
        #expect(values.contains(range.lowerBound))
        #expect(values.contains(range.upperBound))
    }

    @Test func shuffled_keepsEveryElementExactlyOnce() {
        var sut = SplitMix64(seed: 5)
        let elements = Array(0..<50)

        let shuffled = sut.shuffled(elements)

        #expect(shuffled.sorted() == elements)
        #expect(shuffled != elements)
    }

    @Test func uuid_isVersion4WithTheRFCVariant() {
        var sut = SplitMix64(seed: 1)

        let bytes = sut.uuid().uuid

        #expect(bytes.6 >> 4 == 0x4)
        #expect(bytes.8 >> 6 == 0b10)
    }
}
