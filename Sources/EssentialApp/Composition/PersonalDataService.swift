import EssentialFeed
import EssentialFeedInfrastructure
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A person's own data at the API, as that person: their export, its archive, and leaving.
struct PersonalDataService: Sendable {
    let httpClient: any HTTPClient
    /// The archive passes through as it arrives: it is as large as the person's photos.
    let downloads: any StreamedDownloading
    let baseURL: URL

    /// The person's export; `nil` when there is none.
    func export(token: String) async throws -> DataExport? {
        try await send(.export, token: token)
    }

    /// Starts an export; one already running is the one the person wanted all the same.
    func startExport(token: String) async throws {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(try PersonalDataEndpoint.startExport.request(baseURL: baseURL))
        if response.statusCode == 409 { return }
        _ = try PersonalDataMapper.export(data, from: response)
    }

    /// The ready archive, passing through; its status says whether there is one.
    func archive(token: String) async throws -> StreamedDownload {
        var request = try PersonalDataEndpoint.archive.request(baseURL: baseURL)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try await downloads.download(request)
    }

    /// Deletes the account and all it made.
    /// - Throws: `AccountRefusal` when the password is wrong (or tried too often).
    func leave(password: String, token: String) async throws {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(try PersonalDataEndpoint.leave(password: password).request(baseURL: baseURL))
        try AccountSettingsMapper.done(data, from: response)
    }

    private func send(_ endpoint: PersonalDataEndpoint, token: String) async throws -> DataExport? {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(try endpoint.request(baseURL: baseURL))
        return try PersonalDataMapper.export(data, from: response)
    }
}

/// Downloads read whole through an `HTTPClient`, for an app built without a streaming client
/// (in tests, on an API in the same process).
struct BufferedDownloads: StreamedDownloading {
    let httpClient: any HTTPClient

    func download(_ request: URLRequest) async throws -> StreamedDownload {
        let (data, response) = try await httpClient.send(request)
        return StreamedDownload(status: response.statusCode, data: data)
    }
}
