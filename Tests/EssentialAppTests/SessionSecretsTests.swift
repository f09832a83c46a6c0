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
