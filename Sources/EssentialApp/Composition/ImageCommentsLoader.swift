import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A photo's comments, from the API every time they are asked for, as the reader of the token
/// may read them; concurrent loads of one photo's comments by one reader share one request.
struct ImageCommentsLoader: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL
    private let loads: LoadingStrategies
    let comments = SharedLoads<ReaderKey, [ImageComment]>()

    init(httpClient: any HTTPClient, baseURL: URL, logger: Logger) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        loads = LoadingStrategies(logger: logger)
    }

    func loadComments(for imageID: UUID, token: String?) async throws -> [ImageComment] {
        try await comments.load(ReaderKey(imageID: imageID, token: token)) {
            try await loads.remoteOnly("comments", metadata: ["image": "\(imageID)"]) {
                let client: any HTTPClient = token.map { AuthenticatedHTTPClient(decoratee: httpClient, token: $0) } ?? httpClient
                let (data, response) = try await client.get(from: ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL))
                return try ImageCommentsMapper.map(data, from: response)
            }
        }
    }
}
