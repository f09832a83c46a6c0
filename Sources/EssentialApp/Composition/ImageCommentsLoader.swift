import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A photo's comments, from the API every time they are asked for; concurrent loads of one
/// photo's comments share one request.
struct ImageCommentsLoader: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    private let loads: LoadingStrategies
    let comments = SharedLoads<UUID, [ImageComment]>()

    init(httpClient: any HTTPClient, baseURL: URL, logger: Logger) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        loads = LoadingStrategies(logger: logger)
    }

    func loadComments(for imageID: UUID) async throws -> [ImageComment] {
        try await comments.load(imageID) {
            try await loads.remoteOnly("comments", metadata: ["image": "\(imageID)"]) {
                let (data, response) = try await httpClient.get(from: ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL))
                return try ImageCommentsMapper.map(data, from: response)
            }
        }
    }
}
