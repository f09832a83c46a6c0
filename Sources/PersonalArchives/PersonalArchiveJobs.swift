import FeedAPIStorage
import Foundation
import Logging

/// Where an export or an import of one person stands.
package struct ArchiveJobStatus: Codable, Equatable, Sendable {
    package enum State: String, Codable, Sendable {
        case running
        case ready
        case failed
    }

    package var state: State
    /// From 0 to 1.
    package var progress: Double
    package var startedAt: Date
    /// When the job last said how far it was: a running job silent for long was interrupted.
    package var updatedAt: Date
    /// An export's archive, in bytes, once ready.
    package var size: Int64?
    /// When a ready export's archive is deleted.
    package var expiresAt: Date?
    /// Why it failed, in words for the person.
    package var reason: String?
    /// What an import posted and what it skipped, once done.
    package var report: ArchiveImport.Report?
}

/// The exports and imports of personal archives, one of each at a time per person, run in the
/// background. Their state and files live in `directory`, one folder per account, so every
/// instance of the API that shares the folder answers alike, and a restart loses nothing but
/// the jobs that were running (they read as failed).
package actor PersonalArchiveJobs {
    package enum Refusal: Error, Equatable {
        /// The person's export (or import) is still running.
        case alreadyRunning
        /// As many jobs as the server runs at once are running.
        case busy
        case noUpload
    }

    private let directory: URL
    private let exporter: ArchiveExport
    private let importer: @Sendable (Username) -> ArchiveImport
    private let now: @Sendable () -> Date
    private let logger: Logger
    /// How long a ready archive stays.
    package var keptFor: TimeInterval = 7 * 24 * 3600
    /// A running job that has not said how far it is for this long was interrupted: a job
    /// says so at least every `ProgressThrottle.heartbeat` while it runs (each of its steps,
    /// a photo, is bounded in time), so a restart keeps the person waiting two minutes at most.
    package var silentFor: TimeInterval = 2 * 60
    package var maximumRunning = 2
    /// Archives arriving at once, on the whole instance: each may take up to 2 GiB of disk.
    package var maximumUploads = 4
    private var running: [String: Task<Void, Never>] = [:]
    private var uploading: Set<Int64> = []

    package init(
        directory: URL, exporter: ArchiveExport, importer: @escaping @Sendable (Username) -> ArchiveImport,
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "essential-feed.archives")
    ) {
        self.directory = directory
        self.exporter = exporter
        self.importer = importer
        self.now = now
        self.logger = logger
    }

    package func setLimits(maximumRunning: Int, maximumUploads: Int) {
        self.maximumRunning = maximumRunning
        self.maximumUploads = maximumUploads
    }

    // MARK: - Export

    package func startExport(accountID: Int64, username: Username) throws(Refusal) -> ArchiveJobStatus {
        removeExpired()
        let key = Self.key(accountID, .export)
        try admit(key: key, status: status(of: accountID, .export))
        let started = now()
        let status = ArchiveJobStatus(state: .running, progress: 0, startedAt: started, updatedAt: started)
        save(status, of: accountID, .export)
        let archive = file(of: accountID, named: "export.zip")
        let partial = file(of: accountID, named: "export.zip.partial")
        let exporter = exporter
        let (keptFor, now) = (keptFor, now)
        running[key] = Task { [weak self] in
            let reporter = ProgressReporter(jobs: self, accountID: accountID, kind: .export, started: started, now: now)
            do {
                let size = try await exporter.write(username: username, to: partial, at: started) { await reporter.report($0) }
                try? FileManager.default.removeItem(at: archive)
                try FileManager.default.moveItem(at: partial, to: archive)
                await self?.finish(
                    accountID, .export,
                    ArchiveJobStatus(
                        state: .ready, progress: 1, startedAt: started, updatedAt: started, size: size,
                        expiresAt: started.addingTimeInterval(keptFor)))
            } catch {
                try? FileManager.default.removeItem(at: partial)
                await self?.fail(accountID, .export, started: started, error: error, reason: "The archive could not be written.")
            }
        }
        return status
    }

    /// The person's export, `nil` when there is none (or it expired and was deleted).
    package func exportStatus(accountID: Int64) -> ArchiveJobStatus? {
        guard let status = status(of: accountID, .export) else { return nil }
        if status.state == .ready, let expiresAt = status.expiresAt, expiresAt <= now() {
            removeFiles(of: accountID, .export)
            return nil
        }
        return status
    }

    /// The ready archive's file, `nil` when there is none.
    package func exportArchive(accountID: Int64) -> URL? {
        guard exportStatus(accountID: accountID)?.state == .ready else { return nil }
        let archive = file(of: accountID, named: "export.zip")
        return FileManager.default.fileExists(atPath: archive.path) ? archive : nil
    }

    // MARK: - Import

    /// Takes the person's one place for an archive arriving, before its upload is read: none
    /// while their import runs or another of their uploads arrives, and a few on the instance.
    /// Give it back with `endUpload`.
    package func beginUpload(accountID: Int64) throws(Refusal) {
        guard !uploading.contains(accountID) else { throw .alreadyRunning }
        try admit(key: Self.key(accountID, .import), status: status(of: accountID, .import))
        guard uploading.count < maximumUploads else { throw .busy }
        uploading.insert(accountID)
    }

    package func endUpload(accountID: Int64) {
        uploading.remove(accountID)
    }

    /// Where an upload of an archive to import is written as it arrives.
    package func uploadFile(accountID: Int64) throws -> URL {
        let folder = directory.appendingPathComponent(String(accountID), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("upload-\(UUID().uuidString.lowercased()).zip")
    }

    /// Starts importing `upload` (from `uploadFile`), which the job deletes when done.
    package func startImport(accountID: Int64, username: Username, upload: URL) throws(Refusal) -> ArchiveJobStatus {
        let key = Self.key(accountID, .import)
        do {
            try admit(key: key, status: status(of: accountID, .import))
        } catch {
            try? FileManager.default.removeItem(at: upload)
            throw error
        }
        let started = now()
        let status = ArchiveJobStatus(state: .running, progress: 0, startedAt: started, updatedAt: started)
        save(status, of: accountID, .import)
        let (importer, now) = (importer(username), now)
        running[key] = Task { [weak self] in
            let reporter = ProgressReporter(jobs: self, accountID: accountID, kind: .import, started: started, now: now)
            defer { try? FileManager.default.removeItem(at: upload) }
            do {
                let report = try await importer.run(upload) { await reporter.report($0) }
                var done = ArchiveJobStatus(state: .ready, progress: 1, startedAt: started, updatedAt: started)
                done.report = report
                await self?.finish(accountID, .import, done)
            } catch let failure as ArchiveImport.Failure {
                // The person's file is at fault, not the server.
                await self?.fail(accountID, .import, started: started, error: failure, reason: failure.description, level: .notice)
            } catch {
                await self?.fail(accountID, .import, started: started, error: error, reason: "The archive could not be imported.")
            }
        }
        return status
    }

    package func importStatus(accountID: Int64) -> ArchiveJobStatus? {
        status(of: accountID, .import)
    }

    // MARK: - Leaving

    /// Stops the person's jobs and deletes every file kept for them.
    package func removeEverything(of accountID: Int64) async {
        for kind in [JobKind.export, .import] {
            if let task = running.removeValue(forKey: Self.key(accountID, kind)) {
                task.cancel()
                await task.value
            }
        }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(String(accountID), isDirectory: true))
    }

    /// Deletes every ready archive past its time, and uploads an interrupted import left
    /// behind, whoever they belong to: the folder holds no more than a week of exports.
    package func removeExpired() {
        let date = now()
        guard let folders = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) else { return }
        for folder in folders {
            guard let accountID = Int64(folder.lastPathComponent) else { continue }
            if let status = status(of: accountID, .export), status.state == .ready, let expiresAt = status.expiresAt, expiresAt <= date {
                removeFiles(of: accountID, .export)
            }
            guard running[Self.key(accountID, .import)] == nil,
                let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
            else { continue }
            for file in files where file.lastPathComponent.hasPrefix("upload-") {
                let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? date
                if date.timeIntervalSince(modified) > silentFor { try? FileManager.default.removeItem(at: file) }
            }
        }
    }

    /// Waits for every running job to end (for tests and shutdown).
    package func waitForRunningJobs() async {
        while let (_, task) = running.first {
            await task.value
            running = running.filter { $0.value != task }
        }
    }

    // MARK: - Bookkeeping

    enum JobKind: String, Sendable {
        case export
        case `import`
    }

    private static func key(_ accountID: Int64, _ kind: JobKind) -> String { "\(accountID)/\(kind.rawValue)" }

    private func admit(key: String, status: ArchiveJobStatus?) throws(Refusal) {
        if running[key] != nil || status?.state == .running { throw .alreadyRunning }
        guard running.count < maximumRunning else { throw .busy }
    }

    fileprivate func report(_ progress: Double, of accountID: Int64, _ kind: JobKind, started: Date) {
        guard running[Self.key(accountID, kind)] != nil else { return }
        save(ArchiveJobStatus(state: .running, progress: progress, startedAt: started, updatedAt: now()), of: accountID, kind)
    }

    private func finish(_ accountID: Int64, _ kind: JobKind, _ status: ArchiveJobStatus) {
        guard running.removeValue(forKey: Self.key(accountID, kind)) != nil else { return }
        var status = status
        status.updatedAt = now()
        save(status, of: accountID, kind)
    }

    /// `level`: `notice` when the person's file is at fault, not the server.
    private func fail(_ accountID: Int64, _ kind: JobKind, started: Date, error: any Error, reason: String, level: Logger.Level = .error) {
        guard running.removeValue(forKey: Self.key(accountID, kind)) != nil else { return }
        logger.log(level: level, "A personal archive job failed", metadata: ["job": "\(kind.rawValue)", "account": "\(accountID)", "error": "\(error)"])
        var status = ArchiveJobStatus(state: .failed, progress: 0, startedAt: started, updatedAt: now())
        status.reason = reason
        save(status, of: accountID, kind)
    }

    private func status(of accountID: Int64, _ kind: JobKind) -> ArchiveJobStatus? {
        let file = file(of: accountID, named: "\(kind.rawValue).json")
        guard let data = try? Data(contentsOf: file), data.count < 4 * 1024 * 1024,
            var status = try? ArchiveJSON.decoder().decode(ArchiveJobStatus.self, from: data)
        else { return nil }
        // Another instance's job, or this one's before a restart, that stopped telling.
        if status.state == .running, running[Self.key(accountID, kind)] == nil, now().timeIntervalSince(status.updatedAt) > silentFor {
            status.state = .failed
            status.reason = "The job was interrupted; start it again."
        }
        return status
    }

    private func save(_ status: ArchiveJobStatus, of accountID: Int64, _ kind: JobKind) {
        do {
            let folder = directory.appendingPathComponent(String(accountID), isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ArchiveJSON.encoder().encode(status).write(to: folder.appendingPathComponent("\(kind.rawValue).json"), options: .atomic)
        } catch {
            logger.error("The state of a personal archive job could not be saved", metadata: ["account": "\(accountID)", "error": "\(error)"])
        }
    }

    private func removeFiles(of accountID: Int64, _ kind: JobKind) {
        for name in ["\(kind.rawValue).json", "\(kind.rawValue).zip"] {
            try? FileManager.default.removeItem(at: file(of: accountID, named: name))
        }
    }

    private func file(of accountID: Int64, named name: String) -> URL {
        directory.appendingPathComponent(String(accountID), isDirectory: true).appendingPathComponent(name)
    }
}

/// When a running job's progress is worth saving: at each new percent, so its state file is
/// not rewritten for every photo, and at least every `heartbeat` between two steps, so a job
/// that advances slowly still reads as alive.
struct ProgressThrottle {
    static let heartbeat: TimeInterval = 30
    private var lastProgress = 0.0
    private var lastSaved: Date

    init(startedAt: Date) {
        lastSaved = startedAt
    }

    mutating func shouldSave(_ progress: Double, at date: Date) -> Bool {
        guard progress < 1, progress - lastProgress >= 0.01 || date.timeIntervalSince(lastSaved) >= Self.heartbeat else { return false }
        lastProgress = max(lastProgress, progress)
        lastSaved = date
        return true
    }
}

/// Passes a job's progress on to its state file, as often as `ProgressThrottle` says.
private actor ProgressReporter {
    private weak var jobs: PersonalArchiveJobs?
    private let accountID: Int64
    private let kind: PersonalArchiveJobs.JobKind
    private let started: Date
    private let now: @Sendable () -> Date
    private var throttle: ProgressThrottle

    init(jobs: PersonalArchiveJobs?, accountID: Int64, kind: PersonalArchiveJobs.JobKind, started: Date, now: @escaping @Sendable () -> Date) {
        self.jobs = jobs
        self.accountID = accountID
        self.kind = kind
        self.started = started
        self.now = now
        throttle = ProgressThrottle(startedAt: started)
    }

    func report(_ progress: Double) async {
        guard throttle.shouldSave(progress, at: now()) else { return }
        await jobs?.report(progress, of: accountID, kind, started: started)
    }
}
