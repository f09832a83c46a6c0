import Foundation
import Testing

@testable import EssentialApp

struct SessionSecretsTests {
    @Test func readsBackTheIdItGave() throws {
        let secrets = SessionSecrets.random()

        let read = try #require(SessionSecrets(id: secrets.id))

        #expect(read.storageKey == secrets.storageKey)
        #expect(read.csrfToken == secrets.csrfToken)
        #expect(try read.open(try secrets.seal("a token")) == "a token")
    }

    @Test(arguments: ["+", "/", "=", "é", " ", "%"])
    func refusesAnIdWithACharacterOutsideBase64URL(_ character: String) {
        let id = SessionSecrets.random().id

        #expect(SessionSecrets(id: character + id.dropFirst()) == nil)
    }

    @Test func refusesAnIdOfAnotherLength() {
        let id = SessionSecrets.random().id

        #expect(SessionSecrets(id: String(id.dropLast())) == nil)
        #expect(SessionSecrets(id: id + "A") == nil)
        #expect(SessionSecrets(id: "") == nil)
    }

    @Test func base64URL_writesTheURLAlphabetWithoutPadding() {
        #expect(Data([0xFB, 0xFF]).base64URLEncoded == "-_8")
        #expect(Data(base64URL: "-_8") == Data([0xFB, 0xFF]))
    }

    @Test func base64URLReadsBackWhatItWrote() throws {
        for count in 0..<40 {
            let bytes = Data((0..<count).map { UInt8(($0 * 37 + 251) % 256) })

            #expect(Data(base64URL: bytes.base64URLEncoded) == bytes)
        }
    }
}

struct OpenedSessionsTests {
    @Test func givesWhatOpeningGives_andOpensAnotherSealedTokenAfresh() throws {
        let opened = OpenedSessions()
        let secrets = SessionSecrets.random()
        let first = try secrets.seal("first token")
        let second = try secrets.seal("second token")

        let keys = try opened.keys(of: secrets, sealedToken: first)
        let again = try opened.keys(of: try #require(SessionSecrets(id: secrets.id)), sealedToken: first)
        let resealed = try opened.keys(of: secrets, sealedToken: second)

        #expect(keys.apiToken == "first token")
        #expect(keys.csrfToken == secrets.csrfToken)
        #expect(again.apiToken == "first token")
        #expect(resealed.apiToken == "second token")
    }

    @Test func refusesATokenSealedForAnotherSession() throws {
        let opened = OpenedSessions()
        let mine = SessionSecrets.random()
        let theirs = SessionSecrets.random()
        let sealed = try theirs.seal("their token")
        _ = try opened.keys(of: theirs, sealedToken: sealed)

        #expect(throws: (any Error).self) { try opened.keys(of: mine, sealedToken: sealed) }
    }

    @Test func forget_dropsWhatWasOpenedOfAnEndedSession() throws {
        let opened = OpenedSessions()
        let ended = SessionSecrets.random()
        let other = SessionSecrets.random()
        _ = try opened.keys(of: ended, sealedToken: try ended.seal("a token"))
        _ = try opened.keys(of: other, sealedToken: try other.seal("another token"))

        opened.forget(ended.storageKey)

        #expect(opened.count == 1)
    }

    @Test func keepsAtMostItsCapacity() throws {
        let opened = OpenedSessions(capacity: 3)

        for _ in 0..<10 {
            let secrets = SessionSecrets.random()
            _ = try opened.keys(of: secrets, sealedToken: try secrets.seal("a token"))
        }

        #expect(opened.count <= 3)
    }
}
