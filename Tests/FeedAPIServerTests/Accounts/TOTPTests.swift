import Foundation
import Testing

@testable import FeedAPIServer

@Suite("TOTP: RFC 6238's codes, base 32 and recovery codes")
struct TOTPTests {
    private let rfcSecret = Data("12345678901234567890".utf8)

    @Test(arguments: [(59.0, "287082"), (1_111_111_109, "081804"), (1_234_567_890, "005924"), (2_000_000_000, "279037")])
    func theCodes_areTheLastSixDigitsOfRFC6238sSHA1Vectors(seconds: Double, code: String) {
        let step = TOTP.step(at: Date(timeIntervalSince1970: seconds))
        #expect(TOTP(secret: rfcSecret).code(atStep: step) == code)
    }

    @Test func aCode_matchesItsStep_andTheStepsEitherSide_only() {
        let totp = TOTP(secret: rfcSecret)
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let now = TOTP.step(at: date)
        #expect(totp.matchingStep(of: totp.code(atStep: now), at: date) == now)
        #expect(totp.matchingStep(of: totp.code(atStep: now - 1), at: date) == now - 1)
        #expect(totp.matchingStep(of: totp.code(atStep: now + 1), at: date) == now + 1)
        #expect(totp.matchingStep(of: totp.code(atStep: now - 2), at: date) == nil)
        #expect(totp.matchingStep(of: "12345", at: date) == nil)
        #expect(totp.matchingStep(of: "1234567", at: date) == nil)
    }

    @Test func base32_isRFC4648sAlphabetWithoutPadding() {
        #expect(Base32.encode(rfcSecret) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(Base32.encode(Data("f".utf8)) == "MY")
        #expect(Base32.encode(Data("foobar".utf8)) == "MZXW6YTBOI")
    }

    @Test func theURI_namesTheIssuerAndAccount_forAuthenticatorApps() {
        let uri = TOTP(secret: rfcSecret).uri(account: "rita", issuer: "Essential Feed")
        #expect(uri == "otpauth://totp/Essential%20Feed:rita?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Essential%20Feed&algorithm=SHA1&digits=6&period=30")
    }

    @Test func recoveryCodes_areTenDistinct_andFoundWithOrWithoutTheirDashInAnyCase() throws {
        let codes = RecoveryCodes.make()
        #expect(codes.count == 10 && Set(codes).count == 10)
        let code = try #require(codes.first)
        #expect(code.count == 11 && code.dropFirst(5).first == "-")
        #expect(RecoveryCodes.hash(of: code) == RecoveryCodes.hash(of: code.uppercased().replacingOccurrences(of: "-", with: "")))
        #expect(RecoveryCodes.hash(of: "short") == nil)
        #expect(RecoveryCodes.hash(of: "0000000000") == nil, "not of the alphabet")
    }

    @Test func theCommonPasswordList_holdsTenThousand_andIsCheckedInAnyCase() {
        #expect(CommonPasswords.count == 10_000)
        #expect(CommonPasswords.contains("password123"))
        #expect(CommonPasswords.contains("PASSWORD123"))
        #expect(!CommonPasswords.contains("a long unusual phrase"))
    }
}
