import Foundation

/// A throwaway PostgreSQL cluster for the tests: `initdb` into a temporary folder and a server
/// on a free loopback port, started once per test process (as the `postgres` user when the
/// tests run as root, which PostgreSQL refuses to be) and stopped when the process exits.
/// Each caller gets a database of its own, so tests never see one another's rows.
public enum PostgresTestCluster {
    /// How long an operation on the test cluster may take: long enough for any machine, however
    /// busy, so only the tests about the deadline itself ever meet one.
    public static let patientDeadline: Duration = .seconds(300)

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new, empty database on the cluster, as a `postgres://` URL.
    public static func newDatabaseURL() throws -> String {
        let cluster = try shared.get()
        let name = "test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try cluster.run(cluster.tool("createdb"), ["-h", cluster.directory.path, "-p", "\(cluster.port)", "-U", user, name])
        return "postgres://\(user)@127.0.0.1:\(cluster.port)/\(name)"
    }

    /// Runs `sql` on the database `newDatabaseURL()` gave, as its owner (to make one of
    /// something else, say).
    /// - Returns: what `psql` printed (unaligned, tuples only).
    @discardableResult
    public static func execute(_ sql: String, onDatabaseAt url: String) throws -> String {
        let cluster = try shared.get()
        guard let name = url.split(separator: "/").last else { throw Unavailable(description: "no database in \(url)") }
        return try cluster.run(
            cluster.tool("psql"),
            [
                "-h", cluster.directory.path, "-p", "\(cluster.port)", "-U", user, "-d", String(name), "-v", "ON_ERROR_STOP=1",
                "-At", "-c", sql
            ])
    }

    private static let user = "feed"
    private static let shared: Result<Cluster, any Error> = {
        let started = Result { try Cluster.start() }
        if case .success = started { stopAtExit() }
        return started
    }()

    /// A loopback port nothing listens on now: bound, then let go (for a cluster, or for a
    /// database that is down).
    public static func unusedLoopbackPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Unavailable(description: "no socket for a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw Unavailable(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private struct Cluster {
        let binaries: URL
        let directory: URL
        let port: Int
        let runAsPostgres: Bool

        static func start() throws -> Cluster {
            guard let binaries = findBinaries() else {
                throw Unavailable(description: "PostgreSQL's server programs are not installed (Debian: apt-get install postgresql)")
            }
            let parent = FileManager.default.temporaryDirectory.appending(path: "essential-feed-postgres-\(UUID().uuidString)")
            let directory = parent.appending(path: "cluster")
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: parent.path)
            let cluster = Cluster(binaries: binaries, directory: directory, port: try unusedLoopbackPort(), runAsPostgres: getuid() == 0)
            try cluster.run(cluster.tool("initdb"), ["-D", directory.path, "-U", user, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
            let options = "-p \(cluster.port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500"
            try cluster.run(cluster.tool("pg_ctl"), ["-D", directory.path, "-o", options, "-l", parent.appending(path: "log").path, "-w", "start"])
            return cluster
        }

        func tool(_ name: String) -> URL {
            binaries.appending(path: name)
        }

        /// Runs a tool to its end, as `postgres` when the tests run as root. Spawned and
        /// reaped here rather than through `Process`, whose wait can miss the exit of a
        /// program that leaves a server running behind it (`pg_ctl start`).
        @discardableResult
        func run(_ executable: URL, _ arguments: [String]) throws -> String {
            let command =
                runAsPostgres
                ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable.path] + arguments
                : [executable.path] + arguments
            let outputPath = directory.deletingLastPathComponent().appending(path: "\(executable.lastPathComponent)-\(UUID().uuidString).out").path
            defer { unlink(outputPath) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            var pid = pid_t()
            let argv = command.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
            guard spawned == 0 else { throw Unavailable(description: "could not start \(command[0]): error \(spawned)") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let exited = (status & 0x7F) == 0 && ((status >> 8) & 0xFF) == 0
            let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            guard exited else {
                throw Unavailable(description: "\(executable.lastPathComponent) failed (status \(status)): \(printed)")
            }
            return printed
        }

        private static func findBinaries() -> URL? {
            let root = URL(filePath: "/usr/lib/postgresql")
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            return versions.compactMap(Int.init).sorted().reversed()
                .map { root.appending(path: "\($0)/bin") }
                .first { FileManager.default.isExecutableFile(atPath: $0.appending(path: "initdb").path) }
        }
    }

    private static func stopAtExit() {
        atexit {
            if case let .success(cluster) = PostgresTestCluster.shared {
                _ = try? cluster.run(cluster.tool("pg_ctl"), ["-D", cluster.directory.path, "-m", "immediate", "stop"])
                try? FileManager.default.removeItem(at: cluster.directory.deletingLastPathComponent())
            }
        }
    }
}
