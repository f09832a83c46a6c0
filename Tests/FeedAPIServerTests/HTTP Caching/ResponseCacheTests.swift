import Hummingbird
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct ResponseCacheTests {
    @Test func response_isNilForAKeyNeverStored() {
        let sut = ResponseCache<Int>(capacity: 10)

        #expect(sut.response(for: 1, version: 0) == nil)
    }

    @Test func response_deliversTheResponseStoredForTheSameVersion() {
        let sut = ResponseCache<Int>(capacity: 10)
        sut.store(makeResponse("one"), for: 1, version: 3)

        #expect(sut.response(for: 1, version: 3)?.body == ByteBuffer(string: "one"))
        #expect(sut.response(for: 2, version: 3) == nil)
    }

    @Test func response_isNilOnceANewerVersionIsSeen() {
        let sut = ResponseCache<Int>(capacity: 10)
        sut.store(makeResponse("one"), for: 1, version: 3)

        #expect(sut.response(for: 1, version: 4) == nil)
        #expect(sut.response(for: 1, version: 3) == nil, "older entries are dropped for good")
        #expect(sut.count == 0)
    }

    @Test func store_ignoresAResponseMadeFromAVersionOlderThanOneSeen() {
        let sut = ResponseCache<Int>(capacity: 10)
        _ = sut.response(for: 1, version: 5)

        sut.store(makeResponse("stale"), for: 1, version: 4)

        #expect(sut.response(for: 1, version: 4) == nil)
        #expect(sut.response(for: 1, version: 5) == nil)
    }

    @Test func store_evictsTheLeastRecentlyUsedEntryWhenFull() {
        let sut = ResponseCache<Int>(capacity: 2)
        sut.store(makeResponse("one"), for: 1, version: 0)
        sut.store(makeResponse("two"), for: 2, version: 0)
        _ = sut.response(for: 1, version: 0)

        sut.store(makeResponse("three"), for: 3, version: 0)

        #expect(sut.count == 2)
        #expect(sut.response(for: 1, version: 0) != nil)
        #expect(sut.response(for: 2, version: 0) == nil)
        #expect(sut.response(for: 3, version: 0) != nil)
    }

    @Test func store_replacesAnEntryWithoutEvictingOthers() {
        let sut = ResponseCache<Int>(capacity: 2)
        sut.store(makeResponse("one"), for: 1, version: 0)
        sut.store(makeResponse("two"), for: 2, version: 0)

        sut.store(makeResponse("one again"), for: 1, version: 0)

        #expect(sut.response(for: 1, version: 0)?.body == ByteBuffer(string: "one again"))
        #expect(sut.response(for: 2, version: 0) != nil)
    }

    @Test func concurrentUse_neverDeliversAResponseOfAnotherKeyOrVersion() async {
        let sut = ResponseCache<Int>(capacity: 16)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var allCorrect = true
                    for step in 0..<2_000 {
                        let key = (task * 7 + step) % 32
                        let version = UInt64(step / 500)
                        if let cached = sut.response(for: key, version: version) {
                            allCorrect = allCorrect && cached.body == ByteBuffer(string: "\(key)@\(version)")
                        } else {
                            sut.store(makeResponse("\(key)@\(version)"), for: key, version: version)
                        }
                    }
                    return allCorrect
                }
            }
            for await allCorrect in group {
                #expect(allCorrect)
            }
        }
        #expect(sut.count <= 16)
    }
}

private func makeResponse(_ body: String) -> CachedResponse {
    CachedResponse(body: ByteBuffer(string: body), contentType: "text/plain", cacheControl: "no-cache")
}
