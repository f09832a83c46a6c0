import Foundation
import HTTPTypes
import NIOCore

/// The proxies whose `X-Forwarded-For` a server believes, by address or range (`10.0.0.0/8`,
/// `::1`). A request from anyone else is from its peer, whatever it claims: a client can
/// put any address in that field.
public struct TrustedProxies: Sendable, Equatable {
    private let ranges: [AddressRange]

    public static let none = TrustedProxies(ranges: [])
    /// This machine, over IPv4 and IPv6.
    public static let loopback = TrustedProxies(ranges: [AddressRange("127.0.0.0/8"), AddressRange("::1")].compactMap { $0 })

    /// - Throws: `InvalidEntry` for an entry that is not an IP address or a range of them.
    public init(_ entries: [String]) throws {
        ranges = try entries.map { entry in
            guard let range = AddressRange(entry) else { throw InvalidEntry(entry: entry) }
            return range
        }
    }

    /// These proxies and the ones `entries` name.
    /// - Throws: `InvalidEntry` for an entry that is not an IP address or a range of them.
    public func adding(_ entries: [String]) throws -> TrustedProxies {
        TrustedProxies(ranges: ranges + (try TrustedProxies(entries).ranges))
    }

    private init(ranges: [AddressRange]) {
        self.ranges = ranges
    }

    public struct InvalidEntry: Error, CustomStringConvertible {
        public let entry: String
        public var description: String { "\"\(entry)\" is not an IP address or a range such as 10.0.0.0/8." }
    }

    /// The client of a request from `peer` carrying these `X-Forwarded-For` values: the
    /// nearest address in the chain that is not a trusted proxy. `"unknown"` without a peer
    /// (a request that came through no socket).
    public func clientAddress(peer: SocketAddress?, forwardedFor: [String]) -> String {
        guard let peerAddress = peer?.ipAddress else { return "unknown" }
        guard let peerBytes = AddressRange.bytes(of: peerAddress), contains(peerBytes) else { return peerAddress }
        var client = peerAddress
        // Read from the nearest hop outward; each proxy appends the address it saw.
        for hop in forwardedFor.reversed().lazy.flatMap({ $0.split(separator: ",").reversed() }) {
            let hop = hop.trimmingCharacters(in: .whitespaces)
            guard let bytes = AddressRange.bytes(of: hop) else { return client }
            client = hop
            guard contains(bytes) else { return hop }
        }
        return client
    }

    private func contains(_ address: [UInt8]) -> Bool {
        ranges.contains { $0.contains(address) }
    }
}

/// An IPv4 or IPv6 address with a prefix length.
private struct AddressRange: Sendable, Equatable {
    let bytes: [UInt8]
    let prefixLength: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.bytes(of: String(parts[0])) else { return nil }
        let prefixLength: Int
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bytes.count * 8).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bytes.count * 8
        }
        self.bytes = bytes
        self.prefixLength = prefixLength
    }

    func contains(_ address: [UInt8]) -> Bool {
        guard address.count == bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(bytes, address) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            guard mine & mask == theirs & mask else { return false }
            remaining -= bits
        }
        return true
    }

    /// The 4 or 16 bytes of an address in text; `nil` for anything else (names included).
    static func bytes(of text: String) -> [UInt8]? {
        guard text.utf8.count <= 45, let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
        switch address {
        case .v4(let v4):
            return withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6):
            return withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        case .unixDomainSocket:
            return nil
        }
    }
}

extension HTTPField.Name {
    /// The addresses a request came through, each proxy appending the one it saw.
    public static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
