import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the built `essential-feed api` executable and stops it with a signal. Each wait ends
/// on what the process does (a line written, its exit), never on the wall clock; the time
/// limit only ends a run that has hung.
@Suite(.serialized, .timeLimit(.minutes(5))) struct APICommandShutdownTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func apiCommand_servesThenExitsCleanlyOnSignal(signal: Int32) async throws {
        let server = try RunningServer.start(arguments: ["api", "--port", "\(try freeLoopbackPort())", "--database", temporaryDatabasePath(), "--demo"])
        defer { server.stopIfRunning() }

        let port = try await server.waitForListeningPort()
        let (_, response) = try await URLSession.shared.data(from: try #require(URL(string: "http://127.0.0.1:\(port)/essential-feed/v1/feed")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)

        kill(server.process.processIdentifier, signal)
        let exitStatus = try await server.waitForExit()

        #expect(server.process.terminationReason == .exit, "ended by the signal, not by a graceful shutdown")
        #expect(exitStatus == 0)
        #expect(server.output.contains("Stopped after finishing the requests in flight"), "\(server.output)")
    }
}

/// A database file in a folder of its own that does not exist yet.
private func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("end-to-end-\(UUID().uuidString)")
        .appendingPathComponent("api.sqlite").path
}

/// A port nobody listens on right now: the kernel's pick for a socket bound to port 0.
private func freeLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
}

private final class RunningServer: Sendable {
    let process: Process
    private let stderrPipe = Pipe()
    private let stderr = Mutex("")
    /// One element each time the server writes or exits: what the waits below wake on.
    private let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation

    private init(process: Process) {
        self.process = process
        (changes, changed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    var output: String { stderr.withLock { $0 } }

    static func start(arguments: [String]) throws -> RunningServer {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        let server = RunningServer(process: process)
        process.standardError = server.stderrPipe
        process.standardOutput = FileHandle.nullDevice
        server.stderrPipe.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            server.stderr.withLock { $0 += text }
            server.changed.yield()
        }
        process.terminationHandler = { _ in server.changed.yield() }
        try process.run()
        return server
    }

    func waitForListeningPort() async throws -> Int {
        for await _ in changes {
            if let port = listeningPort() { return port }
            try #require(process.isRunning, "the server exited early: \(output)")
        }
        throw GaveUp(what: "the server to listen", output: output)
    }

    private func listeningPort() -> Int? {
        let output = output
        guard let range = output.range(of: "listening on 127.0.0.1:") else { return nil }
        let digits = output[range.upperBound...].prefix { $0.isNumber }
        guard !digits.isEmpty, output[range.upperBound...].dropFirst(digits.count).first?.isNewline == true else { return nil }
        return Int(digits)
    }

    func waitForExit() async throws -> Int32 {
        if process.isRunning {
            for await _ in changes where !process.isRunning { break }
        }
        process.waitUntilExit()
        stderrPipe.fileHandleForReading.readabilityHandler = nil
        let rest = String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stderr.withLock { $0 += rest }
        return process.terminationStatus
    }

    func stopIfRunning() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// `essential-feed` is built next to the test bundle.
    private static func executableURL() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [testBinary, Bundle.main.bundleURL].flatMap { url in
            sequence(first: url.deletingLastPathComponent()) { $0.path == "/" ? nil : $0.deletingLastPathComponent() }
                .prefix(4)
                .map { $0.appendingPathComponent("essential-feed") }
        }
        let isExecutableFile: (URL) -> Bool = { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
        guard let found = candidates.first(where: isExecutableFile) else {
            throw ExecutableNotBuilt(searched: candidates.map(\.path))
        }
        return found
    }

    struct GaveUp: Error, CustomStringConvertible {
        let what: String
        let output: String
        var description: String { "Stopped waiting for \(what); output:\n\(output)" }
    }

    struct ExecutableNotBuilt: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "essential-feed is not built (run `swift build` first); looked at \(searched)" }
    }
}
