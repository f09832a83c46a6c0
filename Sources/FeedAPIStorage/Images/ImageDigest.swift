import Crypto

/// The SHA-256 of an image's bytes, as 64 lower-case hex digits: the image's name.
package struct ImageDigest: Hashable, Sendable, CustomStringConvertible {
    package let hex: String

    package init?(hex: some StringProtocol) {
        let isLowercaseHex = hex.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        guard hex.utf8.count == 64, isLowercaseHex else { return nil }
        self.hex = String(hex)
    }

    package init(of bytes: some Collection<UInt8>) {
        hex = SHA256.hash(data: Array(bytes)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 0x10 ? "0" + digits : digits
        }.joined()
    }

    package var description: String { hex }
}
