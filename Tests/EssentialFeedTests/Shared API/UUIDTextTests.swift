import EssentialFeed
import Foundation
import Testing

@Suite struct UUIDTextTests {
    @Test func string_isFoundationsUUIDString() throws {
        var generator = SplitMix64(seed: 0x1D)
        let fixed = try [
            #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000")), #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")),
            #require(UUID(uuidString: "0a1b2c3d-4e5f-6a7b-8c9d-aebfc0d1e2f3"))
        ]
        let random = (0..<1_000).map { _ in
            UUID(uuid: withUnsafeBytes(of: (generator.next(), generator.next())) { $0.load(as: uuid_t.self) })
        }
        for id in fixed + random {
            #expect(UUIDText.string(from: id) == id.uuidString)
        }
    }
}
