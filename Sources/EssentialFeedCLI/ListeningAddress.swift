import ArgumentParser
import NIOCore
import NIOPosix

/// Where a server listens, checked before anything else runs: a port in range, and free, so
/// a taken port is reported with what to do, before any data is seeded.
struct ListeningAddress {
    let host: String
    let port: Int
    /// The option that sets the port, named in messages.
    let portOption: String

    static func validatePort(_ port: Int, option: String) throws {
        guard (1...65_535).contains(port) else {
            throw ValidationError("\(option) must be a port from 1 to 65535, got \(port).")
        }
    }

    /// Why a server cannot listen, said without a usage text: the arguments were fine.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Binds the address for a moment and lets it go; fails with a message a person can act on.
    func checkAvailable() async throws {
        let group = MultiThreadedEventLoopGroup.singleton
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port)
                .get()
            try await channel.close()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Unavailable(description: "Port \(port) on \(host) is already in use: stop the program using it, or choose another port with \(portOption).")
        } catch let error as IOError where error.errnoCode == EACCES {
            throw Unavailable(description: "Not allowed to listen on port \(port) on \(host): choose a port above 1023 with \(portOption).")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw Unavailable(description: "\(host) is not an address of this machine: choose another with --host.")
        } catch {
            throw Unavailable(description: "Cannot listen on \(host):\(port) (\(error)): choose another address with --host or port with \(portOption).")
        }
    }

    /// The address to open: listening on every address (`0.0.0.0`, `::`), one of the
    /// machine's network addresses, which a phone on the same network can open.
    func displayURL(path: String = "") -> String {
        guard host == "0.0.0.0" || host == "::" else { return "http://\(Self.bracketed(host)):\(port)\(path)" }
        let devices = (try? System.enumerateDevices()) ?? []
        let networkAddress = devices.compactMap { device -> String? in
            guard case .v4 = device.address, let ip = device.address?.ipAddress, !ip.hasPrefix("127.") else { return nil }
            return ip
        }.first
        return "http://\(networkAddress ?? "127.0.0.1"):\(port)\(path)"
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
