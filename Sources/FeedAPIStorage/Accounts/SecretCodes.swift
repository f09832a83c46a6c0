import Crypto
import Foundation

/// The secrets handed out once — tokens, invitation codes, reset links — and kept only as
/// their SHA-256: 256 random bits in URL-safe base64 without padding.
package enum SecretCodes {
    package static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    package static func hash(of code: String) -> Data {
        Data(SHA256.hash(data: Data(code.utf8)))
    }
}

/// An invitation with its code, as it is handed out once.
package struct IssuedInvitation: Sendable {
    package let code: String
    package let invitation: NewInvitation

    package static func make(createdBy accountID: Int64?, at date: Date, uses: Int, expiresAt: Date?) -> IssuedInvitation {
        let code = SecretCodes.newCode()
        return IssuedInvitation(
            code: code,
            invitation: NewInvitation(
                id: TokenSessionID.random(), codeHash: SecretCodes.hash(of: code), createdBy: accountID, createdAt: date,
                expiresAt: expiresAt, usesAllowed: uses))
    }
}
