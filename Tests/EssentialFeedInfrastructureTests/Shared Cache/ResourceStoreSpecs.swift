import EssentialFeed
import Foundation
import Testing

/// What every `ResourceStore` does; each implementation runs these against itself.
enum ResourceStoreSpecs {
    static func retrieve_deliversNothingForAKeyNeverSaved(_ store: some ResourceStore) async throws {
        #expect(try await store.retrieveResource(forKey: "news/list") == nil)
    }

    static func insert_thenRetrieve_deliversTheBytesAndTimestamp_perKey(_ store: some ResourceStore) async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.insert(Data("first".utf8), forKey: "a", timestamp: date)
        try await store.insert(Data("second".utf8), forKey: "b", timestamp: date.addingTimeInterval(1))

        #expect(try await store.retrieveResource(forKey: "a") == CachedResource(data: Data("first".utf8), timestamp: date))
        #expect(try await store.retrieveResource(forKey: "b") == CachedResource(data: Data("second".utf8), timestamp: date.addingTimeInterval(1)))
    }

    static func insert_replacesWhatTheKeyHeld(_ store: some ResourceStore) async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.insert(Data("old".utf8), forKey: "a", timestamp: date)
        try await store.insert(Data("new".utf8), forKey: "a", timestamp: date.addingTimeInterval(60))

        #expect(try await store.retrieveResource(forKey: "a") == CachedResource(data: Data("new".utf8), timestamp: date.addingTimeInterval(60)))
    }

    static func delete_removesOnlyThatKey_andDeletingNothingIsFine(_ store: some ResourceStore) async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.deleteResource(forKey: "never saved")
        try await store.insert(Data("a".utf8), forKey: "a", timestamp: date)
        try await store.insert(Data("b".utf8), forKey: "b", timestamp: date)

        try await store.deleteResource(forKey: "a")

        #expect(try await store.retrieveResource(forKey: "a") == nil)
        #expect(try await store.retrieveResource(forKey: "b") != nil)
    }

    static func deleteSavedUpTo_removesThoseSavedThenOrEarlier_andKeepsLaterOnes(_ store: some ResourceStore) async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.insert(Data("earlier".utf8), forKey: "earlier", timestamp: date.addingTimeInterval(-1))
        try await store.insert(Data("then".utf8), forKey: "then", timestamp: date)
        try await store.insert(Data("later".utf8), forKey: "later", timestamp: date.addingTimeInterval(1))

        try await store.deleteResources(savedUpTo: date)

        #expect(try await store.retrieveResource(forKey: "earlier") == nil)
        #expect(try await store.retrieveResource(forKey: "then") == nil)
        #expect(try await store.retrieveResource(forKey: "later") != nil)
    }

    static func deleteKeyedUnder_removesEveryKeyStartingSo_andNoOther(_ store: some ResourceStore) async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for key in ["people/a%25/timeline", "people/a%25/profile/b", "people/ab/timeline", "people/a_/timeline", "people/a%"] {
            try await store.insert(Data(key.utf8), forKey: key, timestamp: date)
        }

        try await store.deleteResources(keyedUnder: "people/a%25/")

        #expect(try await store.retrieveResource(forKey: "people/a%25/timeline") == nil)
        #expect(try await store.retrieveResource(forKey: "people/a%25/profile/b") == nil)
        for kept in ["people/ab/timeline", "people/a_/timeline", "people/a%"] {
            #expect(try await store.retrieveResource(forKey: kept) != nil, "\(kept) is another reader's")
        }
    }

    static func runAll(_ makeStore: () throws -> some ResourceStore) async throws {
        try await retrieve_deliversNothingForAKeyNeverSaved(try makeStore())
        try await insert_thenRetrieve_deliversTheBytesAndTimestamp_perKey(try makeStore())
        try await insert_replacesWhatTheKeyHeld(try makeStore())
        try await delete_removesOnlyThatKey_andDeletingNothingIsFine(try makeStore())
        try await deleteSavedUpTo_removesThoseSavedThenOrEarlier_andKeepsLaterOnes(try makeStore())
        try await deleteKeyedUnder_removesEveryKeyStartingSo_andNoOther(try makeStore())
    }
}
