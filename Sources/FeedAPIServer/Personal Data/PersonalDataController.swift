import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdAuth
import NIOCore
import PersonalArchives

/// A person's data, theirs to take away and bring in: `POST /v1/me/export` starts an export,
/// `GET /v1/me/export` tells how far it is (with its `url` when ready), `GET
/// /v1/me/export/archive` downloads the ZIP; `POST /v1/me/import` takes an archive (multipart,
/// its `file` part) and `GET /v1/me/import` tells how far the import is and, at the end, what
/// it posted and skipped.
struct PersonalDataController<Context: AuthRequestContext<APISession>> {
    let jobs: PersonalArchiveJobs
    let urls: PublicURLs
    var minimumRate = MinimumBodyRate(maximumDuration: .seconds(3_600))

    /// The largest archive taken: the body of `POST /v1/me/import`, written to disk as it arrives.
    static var maximumArchiveBytes: Int { 2 * 1_024 * 1_024 * 1_024 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.post("me/export", use: startExport)
        protected.get("me/export", use: export)
        protected.get("me/export/archive", use: downloadExport)
        protected.post("me/import", use: startImport)
        protected.get("me/import", use: importStatus)
    }

    @Sendable func startExport(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let status: ArchiveJobStatus
        do {
            status = try await jobs.startExport(accountID: account.id, username: account.username)
        } catch {
            throw ProblemDetails(error, job: "export")
        }
        return try json(ExportBody(status, url: nil), status: .accepted)
    }

    @Sendable func export(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        guard let status = await jobs.exportStatus(accountID: account.id) else { throw ProblemDetails.noJob("export") }
        let url = status.state == .ready ? urls.absolute(APIPaths.exportArchive) : nil
        return try json(ExportBody(status, url: url), status: .ok)
    }

    @Sendable func downloadExport(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        guard let file = await jobs.exportArchive(accountID: account.id),
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
        else { throw ProblemDetails.noJob("export") }
        let body = try await FileIO().loadFile(path: file.path, context: context)
        let day = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip", .contentLength: String(size), .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"essential-feed-\(account.username.value)-\(day).zip\""
            ],
            body: body)
    }

    @Sendable func startImport(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        do {
            try await jobs.beginUpload(accountID: account.id)
        } catch {
            throw ProblemDetails(error, job: "import")
        }
        let status: ArchiveJobStatus
        do {
            let upload = try await receive(request, accountID: account.id)
            do {
                status = try await jobs.startImport(accountID: account.id, username: account.username, upload: upload)
            } catch {
                throw ProblemDetails(error, job: "import")
            }
        } catch {
            await jobs.endUpload(accountID: account.id)
            throw error
        }
        await jobs.endUpload(accountID: account.id)
        return try json(ImportBody(status), status: .accepted)
    }

    /// The form's `file` part, written to disk as it arrives; nothing is left behind when it fails.
    private func receive(_ request: Request, accountID: Int64) async throws -> URL {
        let upload = try await jobs.uploadFile(accountID: accountID)
        guard FileManager.default.createFile(atPath: upload.path, contents: nil), let handle = try? FileHandle(forWritingTo: upload) else {
            throw ProblemDetails.storageFull
        }
        let writer = UploadWriter(handle: handle)
        do {
            defer { try? handle.close() }
            var reader = try MultipartFormReader(
                request.body, contentType: request.headers[.contentType],
                limits: MultipartForm.Limits(fileBytes: Self.maximumArchiveBytes), minimumRate: minimumRate,
                fileSink: { writer.write($0) })
            _ = try await reader.readForm()
        } catch let failure as MultipartForm.Failure {
            try? FileManager.default.removeItem(at: upload)
            if case .fileTooLarge = failure {
                throw ProblemDetails(
                    type: "/essential-feed/problems/archive-too-large", title: "Archive too large", status: .contentTooLarge,
                    detail: "An archive must be at most \(Self.maximumArchiveBytes / 1_073_741_824) GiB.")
            }
            throw ProblemDetails(failure)
        } catch {
            try? FileManager.default.removeItem(at: upload)
            throw error
        }
        guard writer.failure == nil else {
            try? FileManager.default.removeItem(at: upload)
            throw ProblemDetails.storageFull
        }
        guard writer.bytes > 0 else {
            try? FileManager.default.removeItem(at: upload)
            throw ProblemDetails.invalidUpload("The form has no `file` part, or it is empty.")
        }
        return upload
    }

    @Sendable func importStatus(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        guard let status = await jobs.importStatus(accountID: account.id) else { throw ProblemDetails.noJob("import") }
        return try json(ImportBody(status), status: .ok)
    }

    private func json(_ body: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(APIDateFormat.string(from: date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(data: try encoder.encode(body))))
    }
}

/// Writes an upload's bytes as they arrive, remembering the first failure (a full disk).
private final class UploadWriter: @unchecked Sendable {
    // Used by one request's task alone, one chunk after another.
    private let handle: FileHandle
    private(set) var bytes = 0
    private(set) var failure: (any Error)?

    init(handle: FileHandle) {
        self.handle = handle
    }

    func write(_ buffer: ByteBuffer) {
        guard failure == nil else { return }
        do {
            try handle.write(contentsOf: buffer.readableBytesView)
            bytes += buffer.readableBytes
        } catch {
            failure = error
        }
    }
}

private struct ExportBody: Encodable {
    let state: String
    let progress: Double
    let startedAt: Date
    let size: Int64?
    let url: String?
    let expiresAt: Date?
    let reason: String?

    init(_ status: ArchiveJobStatus, url: String?) {
        state = status.state.rawValue
        progress = status.progress
        startedAt = status.startedAt
        size = status.size
        self.url = url
        expiresAt = status.expiresAt
        reason = status.reason
    }
}

private struct ImportBody: Encodable {
    let state: String
    let progress: Double
    let startedAt: Date
    let reason: String?
    let report: ArchiveImport.Report?

    init(_ status: ArchiveJobStatus) {
        state = status.state.rawValue
        progress = status.progress
        startedAt = status.startedAt
        reason = status.reason
        report = status.report
    }
}

extension ProblemDetails {
    fileprivate init(_ refusal: PersonalArchiveJobs.Refusal, job: String) {
        switch refusal {
        case .alreadyRunning:
            self.init(
                type: "/essential-feed/problems/job-running", title: "Already running", status: .conflict,
                detail: "Your \(job) is still running; wait for it to end.", headers: [.cacheControl: "no-store"])
        case .busy:
            self.init(
                type: "/essential-feed/problems/jobs-busy", title: "Busy", status: .serviceUnavailable,
                detail: "The server is running as many exports and imports as it can; try again in a minute.",
                headers: [.retryAfter: "60", .cacheControl: "no-store"])
        case .noUpload:
            self = .invalidUpload("The form has no `file` part.")
        }
    }

    fileprivate static func noJob(_ job: String) -> ProblemDetails {
        ProblemDetails(
            type: "/essential-feed/problems/no-\(job)", title: "No \(job)", status: .notFound,
            detail: job == "export" ? "You have no export ready or running; start one with POST." : "You have imported nothing lately.",
            headers: [.cacheControl: "no-store"])
    }
}
