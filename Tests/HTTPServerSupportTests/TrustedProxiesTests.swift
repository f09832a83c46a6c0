import HTTPServerSupport
import NIOCore
import Testing

@Suite("Who a request is from, behind trusted proxies only")
struct TrustedProxiesTests {
    private let peer = try? SocketAddress(ipAddress: "10.0.0.5", port: 4_000)

    @Test func aPeerNotTrusted_isTheClient_whateverItsForwardedForSays() throws {
        let proxies = try TrustedProxies(["192.168.0.0/16"])
        #expect(proxies.clientAddress(peer: peer, forwardedFor: ["203.0.113.9"]) == "10.0.0.5")
        #expect(TrustedProxies.none.clientAddress(peer: peer, forwardedFor: ["203.0.113.9"]) == "10.0.0.5")
    }

    @Test func behindTrustedProxies_theClientIsTheNearestAddressNotTrusted() throws {
        let proxies = try TrustedProxies(["10.0.0.0/8", "2001:db8::/32"])
        #expect(proxies.clientAddress(peer: peer, forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(
            proxies.clientAddress(peer: peer, forwardedFor: ["198.51.100.1, 203.0.113.9, 10.1.2.3"]) == "203.0.113.9",
            "an address the client wrote itself, further out, is not believed")
        #expect(proxies.clientAddress(peer: peer, forwardedFor: ["198.51.100.1", "2001:db8::7"]) == "198.51.100.1")
    }

    @Test func aForwardedForThatIsNotAnAddress_endsTheChainAtTheLastTrustedHop() throws {
        let proxies = try TrustedProxies(["10.0.0.5"])
        #expect(proxies.clientAddress(peer: peer, forwardedFor: ["not-an-address"]) == "10.0.0.5")
        #expect(proxies.clientAddress(peer: peer, forwardedFor: []) == "10.0.0.5")
        #expect(proxies.clientAddress(peer: nil, forwardedFor: ["203.0.113.9"]) == "unknown")
    }

    @Test(arguments: ["10.0.0.0/33", "example.com", "10.0.0/8", "::1/129", ""])
    func refusesAnEntryThatIsNotAnAddressOrRange(_ entry: String) {
        #expect(throws: TrustedProxies.InvalidEntry.self) { try TrustedProxies([entry]) }
    }

    @Test func loopback_coversThisMachine() throws {
        let local = try SocketAddress(ipAddress: "127.0.0.1", port: 1)
        let localV6 = try SocketAddress(ipAddress: "::1", port: 1)
        #expect(TrustedProxies.loopback.clientAddress(peer: local, forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(TrustedProxies.loopback.clientAddress(peer: localV6, forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
    }

    @Test func loopbackAndNamed_trustsThisMachineAndTheNamedProxies_only() throws {
        let proxies = try TrustedProxies.loopback.adding(["10.0.0.0/8"])
        let local = try SocketAddress(ipAddress: "127.0.0.2", port: 1)
        let named = try SocketAddress(ipAddress: "10.1.2.3", port: 1)
        let stranger = try SocketAddress(ipAddress: "192.0.2.9", port: 1)
        #expect(proxies.clientAddress(peer: local, forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(proxies.clientAddress(peer: named, forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
        #expect(proxies.clientAddress(peer: stranger, forwardedFor: ["203.0.113.9"]) == "192.0.2.9")
        #expect(throws: TrustedProxies.InvalidEntry.self) { try TrustedProxies.loopback.adding(["not an address"]) }
    }

    @Test func aPeerOnThisMachine_withoutForwardedFor_isItself() throws {
        let local = try SocketAddress(ipAddress: "127.0.0.3", port: 1)
        #expect(TrustedProxies.loopback.clientAddress(peer: local, forwardedFor: []) == "127.0.0.3")
    }
}
