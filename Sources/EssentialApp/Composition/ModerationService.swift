import EssentialFeed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reporting, and the moderators' queue, log and actions, as the session's person (their token).
struct ModerationService: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    let pages: FeedPages
    let photos: PhotoLookup

    func report(_ subject: ReportSubject, reason: ReportReason, note: String?, token: String) async throws {
        let (_, response) = try await send(.report(subject, reason: reason, note: note), token: token)
        try ModerationMapper.mapChange(response)
    }

    /// The open reports and the log, asked for together.
    func queue(token: String) async throws -> (reports: [ModerationReport], log: [ModerationLogEntry]) {
        async let reports = send(.openReports, token: token)
        async let log = send(.log, token: token)
        let (reportsData, reportsResponse) = try await reports
        let (logData, logResponse) = try await log
        return (try ModerationMapper.mapReports(reportsData, from: reportsResponse), try ModerationMapper.mapLog(logData, from: logResponse))
    }

    /// A moderator's action; removals and suspensions make first pages load afresh, and a
    /// removed photo is forgotten by the app's cache.
    func act(_ endpoint: ModerationEndpoint, token: String) async throws {
        let (_, response) = try await send(endpoint, token: token)
        try ModerationMapper.mapChange(response)
        if case .remove(.photo(let imageID), _) = endpoint { await photos.forget(imageID) }
        pages.feedChanged()
    }

    private func send(_ endpoint: ModerationEndpoint, token: String) async throws -> (Data, HTTPURLResponse) {
        try await AuthenticatedHTTPClient(decoratee: httpClient, token: token).send(try endpoint.request(baseURL: baseURL))
    }
}
