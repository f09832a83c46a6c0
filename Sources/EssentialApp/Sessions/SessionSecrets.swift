import Crypto
import Foundation

/// What the app derives from the random id it gives a browser: the key it stores the session
/// under (a hash, so the store holds no usable id), the key that seals the API token (so a
/// copy of the store gives no usable token either), and the CSRF token its forms carry.
package struct SessionSecrets {
    /// 256 random bits, base64url without padding.
    package let id: String
    private let idBytes: Data

    package init?(id: String) {
        guard id.utf8.count == Self.idLength, id.utf8.allSatisfy(Self.isBase64URL), let bytes = Data(base64URL: id) else { return nil }
        self.id = id
        idBytes = bytes
    }

    /// A new id from the system's secure random source.
    static func random() -> SessionSecrets {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        // A freshly encoded id always reads back.
        return SessionSecrets(encoded: bytes)
    }

    private init(encoded bytes: Data) {
        idBytes = bytes
        id = bytes.base64URLEncoded
    }

    var storageKey: Data {
        Data(SHA256.hash(data: idBytes))
    }

    /// Names what the app keeps on its disk for this log-in alone (its reader's timeline and the
    /// profiles they saw): derived from the id, it tells nothing of it, and no other log-in —
    /// not even one of a later account with the same username — has it.
    var keptContentKey: String {
        derivedKey("kept content").withUnsafeBytes { bytes in
            bytes.prefix(16).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
        }
    }

    var csrfToken: String {
        derivedKey("csrf token").withUnsafeBytes { Data($0) }.base64URLEncoded
    }

    func seal(_ token: String) throws -> Data {
        guard let sealed = try AES.GCM.seal(Data(token.utf8), using: derivedKey("api token")).combined else {
            throw SealingFailed()
        }
        return sealed
    }

    func open(_ sealed: Data) throws -> String {
        let data = try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: derivedKey("api token"))
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether `token` is this id's CSRF token, compared in constant time.
    func isCSRFToken(_ token: String) -> Bool {
        let expected = Array(csrfToken.utf8)
        let given = Array(token.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func derivedKey(_ purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: idBytes), info: Data(purpose.utf8), outputByteCount: 32)
    }

    struct SealingFailed: Error {}

    private static let idLength = 43

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}

extension Data {
    var base64URLEncoded: String {
        let base64 = base64EncodedData()
        var encoded: [UInt8] = []
        encoded.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "+"): encoded.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): encoded.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    init?(base64URL text: String) {
        var base64 = Data(
            text.utf8.map { byte in
                switch byte {
                case UInt8(ascii: "-"): UInt8(ascii: "+")
                case UInt8(ascii: "_"): UInt8(ascii: "/")
                default: byte
                }
            })
        base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4))
        self.init(base64Encoded: base64)
    }
}
