import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA1 of
/// the 30-second step, six digits.
package struct TOTP: Sendable {
    static let digits = 6
    static let period: TimeInterval = 30
    /// Steps either side of now still accepted: a phone's clock a little off, or a code typed
    /// as it changed.
    static let tolerance: Int64 = 1

    let secret: Data

    package init(secret: Data) {
        self.secret = secret
    }

    package static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code of `step`, zero-padded.
    package func code(atStep step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let truncated = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let value = truncated % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: Self.digits - text.count) + text
    }

    /// The step `code` belongs to, among those within the tolerance of `date`, latest first;
    /// `nil` when it is none of them. Compared in constant time.
    func matchingStep(of code: String, at date: Date) -> Int64? {
        let typed = Array(code.utf8)
        guard typed.count == Self.digits else { return nil }
        let now = Self.step(at: date)
        var found: Int64?
        for step in stride(from: now + Self.tolerance, through: now - Self.tolerance, by: -1) {
            let expected = Array(self.code(atStep: step).utf8)
            var difference: UInt8 = 0
            for index in 0..<Self.digits { difference |= expected[index] ^ typed[index] }
            if difference == 0, found == nil { found = step }
        }
        return found
    }

    /// The `otpauth://` URI an authenticator app reads (from a QR code, usually).
    func uri(account: String, issuer: String) -> String {
        let label = Self.percentEncoded(issuer) + ":" + Self.percentEncoded(account)
        return "otpauth://totp/\(label)?secret=\(Base32.encode(secret))&issuer=\(Self.percentEncoded(issuer))&algorithm=SHA1&digits=6&period=30"
    }

    /// 160 random bits, the size RFC 4226 recommends for HMAC-SHA1.
    static func newSecret() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// RFC 4648 base 32 without padding, the alphabet authenticator apps take secrets in.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    static func encode(_ data: Data) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((data.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in data {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1F)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1F)]) }
        return String(decoding: output, as: UTF8.self)
    }
}
