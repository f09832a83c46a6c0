import Foundation

/// An advisory lock that processes opening one database take while they migrate it: an
/// exclusive `flock` on a file beside the database (`<database>.migration-lock`).
///
/// Not on the database itself: SQLite locks it with POSIX record locks, which a process loses
/// as soon as it closes any descriptor of the file.
struct MigrationLock {
    let databasePath: String

    var path: String { databasePath + ".migration-lock" }

    func holding<Value>(_ body: () throws -> Value) throws -> Value {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Unavailable(path: path, code: errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Unavailable(path: path, code: errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    struct Unavailable: Error, CustomStringConvertible {
        let path: String
        let code: Int32

        var description: String {
            "Cannot lock \(path) to migrate the database beside it (\(String(cString: strerror(code)))): check that its folder can be written."
        }
    }
}
