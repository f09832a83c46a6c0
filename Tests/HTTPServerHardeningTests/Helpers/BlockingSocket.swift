#if canImport(Glibc)
    import Glibc
#endif

/// A plain blocking TCP client: it writes everything it has before it reads a byte, as a
/// simple HTTP client does. (An event-driven client reads as it writes, and never sees a
/// reset that discards an answer it has not read yet.)
enum BlockingSocket {
    struct Failure: Error {
        let step: String
        let code: Int32
    }

    /// Sends `bytes` to 127.0.0.1:`port`, then reads until the server closes: what it said.
    /// - Throws: `Failure` when a write fails, as when the server resets the connection.
    static func exchange(port: Int, sending bytes: [UInt8]) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(step: "socket", code: errno) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(step: "connect", code: errno) }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // As most HTTP libraries do, a failed write fails the request: its answer is never read.
            guard written > 0 else { throw Failure(step: "send", code: errno) }
            sent += written
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
