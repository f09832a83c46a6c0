import Foundation
import PostgresTestCluster
import Testing

@testable import FeedAPIStorage

/// Finding people by name, on each database.
@Suite("People search: what every store does")
struct PeopleSearchStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(arguments: StorageKind.all)
    func findsByUsernameOrAnyWordOfTheName_theClosestFirst(_ kind: StorageKind) async throws {
        let (stores, ids) = try await makeStores(
            kind,
            people: [
                ("reader", "Reader"), ("joanna", "Jo"), ("bob", "Bob Annett"), ("annabel", "Bel"), ("ann", "Ann Lee"), ("zed", "Zed"),
                ("carol", "Carol Vannes")
            ])

        let found = try await stores.social.searchPeople("ann", visibleTo: ids["reader"]!, limit: 10)

        #expect(
            found.map(\.username) == ["ann", "annabel", "bob", "carol", "joanna"],
            "the username itself, a username it begins, a word of a name it begins, then within either")
        #expect(found.first?.name == "Ann Lee")
        #expect(try await stores.social.searchPeople("ANN", visibleTo: ids["reader"]!, limit: 2).map(\.username) == ["ann", "annabel"])
    }

    @Test(arguments: StorageKind.all)
    func matchesNamesWhateverTheirScript_caseAside(_ kind: StorageKind) async throws {
        let (stores, ids) = try await makeStores(kind, people: [("reader", "Reader"), ("dimitra", "Δήμητρα Ρήγα"), ("eli", "Élodie")])

        #expect(try await stores.social.searchPeople("δήμ", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["dimitra"])
        #expect(try await stores.social.searchPeople("ρήγα", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["dimitra"])
        #expect(try await stores.social.searchPeople("élo", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["eli"])
    }

    @Test(arguments: StorageKind.all)
    func matchesWithoutAccents_howeverTheyWereComposed_andAFinalSigmaAsAnyOther(_ kind: StorageKind) async throws {
        let (stores, ids) = try await makeStores(
            kind, people: [("reader", "Reader"), ("dimitra", "Δήμητρα Ρήγα"), ("renee", "Rene\u{301}e Brun"), ("odos", "ΟΔΟΣ Ζωής")])
        func found(_ text: String) async throws -> [String] {
            try await stores.social.searchPeople(text, visibleTo: ids["reader"]!, limit: 10).map(\.username)
        }

        #expect(try await found("δημητρα") == ["dimitra"])
        #expect(try await found("ΔΗΜΗΤΡΑ ρηγα") == ["dimitra"])
        #expect(try await found("Ren\u{E9}e") == ["renee"], "a composed é finds a decomposed one")
        #expect(try await found("renee brun") == ["renee"])
        #expect(try await found("οδος ζωης") == ["odos"], "ς as σ")
        #expect(try await found("οδοσ") == ["odos"])
    }

    @Test(arguments: StorageKind.all)
    func wildcardsAreTakenAsThemselves(_ kind: StorageKind) async throws {
        let (stores, ids) = try await makeStores(kind, people: [("reader", "Reader"), ("ann_b", "Ab"), ("annxb", "A%B"), ("cdd", "C\\d")])

        #expect(try await stores.social.searchPeople("n_", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["ann_b"])
        #expect(try await stores.social.searchPeople("%", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["annxb"])
        #expect(try await stores.social.searchPeople("\\", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["cdd"])
    }

    @Test(arguments: StorageKind.all)
    func leavesOutTheSuspended_andThoseInABlockWithTheReader_eitherWay(_ kind: StorageKind) async throws {
        let (stores, ids) = try await makeStores(
            kind, people: [("reader", "Reader"), ("sam1", "Sam One"), ("sam2", "Sam Two"), ("sam3", "Sam Three"), ("sam4", "Sam Four")])
        try await stores.social.setBlock(true, of: ids["sam1"]!, by: ids["reader"]!, at: now)
        try await stores.social.setBlock(true, of: ids["reader"]!, by: ids["sam2"]!, at: now)
        try await stores.moderation.suspend(try #require(Username("sam3")), reason: "Spam", by: "mod", at: now)
        try await stores.social.setMute(true, of: ids["sam4"]!, by: ids["reader"]!, at: now)

        #expect(try await stores.social.searchPeople("sam", visibleTo: ids["reader"]!, limit: 10).map(\.username) == ["sam4"], "a mute hides posts, not the person")
        #expect(try await stores.social.searchPeople("sam", visibleTo: ids["sam4"]!, limit: 10).map(\.username) == ["sam1", "sam2", "sam4"])
    }

    private func makeStores(_ kind: StorageKind, people: [(String, String)]) async throws -> (TestStores, [String: Int64]) {
        let stores = try await kind.make()
        var ids: [String: Int64] = [:]
        for (username, name) in people {
            ids[username] = try await stores.accounts.createAccount(username: try #require(Username(username)), name: name, passwordHash: "x", createdAt: now).id
        }
        return (stores, ids)
    }
}

/// A PostgreSQL database made before `search_name` folds the names already there in SQL: as
/// the program folds every name after.
@Suite("People search: names folded on an upgrade", .enabled(if: !TestTier.isQuick))
struct PeopleSearchUpgradeFoldingTests {
    @Test func postgresFoldsAsTheProgramDoes() throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        let names = ["Δήμητρα Ρήγα", "ΟΔΟΣ", "Rene\u{301}e", "Renée", "ZOË", "Ольга Йорк", "Łukasz", "İsmail", "ß", "João 👩‍🎨", "plain"]
        for name in names {
            let literal = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
            let folded = try PostgresTestCluster.execute("SELECT \(PeopleSearch.postgresFold(literal))", onDatabaseAt: url)
            #expect(folded.trimmingCharacters(in: .newlines) == PeopleSearch.folded(name), "\(name)")
        }
    }
}
