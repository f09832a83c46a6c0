import Foundation
import Hummingbird
import HummingbirdTesting
import MediaPipeline
import NIOCore
import PhotoFixtures
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

let testPublicURL = "http://feed.test:8080"

func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("feed-api-tests-\(UUID().uuidString)")
        .appendingPathComponent("api.sqlite").path
}

func makeDatabase(path: String = temporaryDatabasePath(), items: [NewFeedItem] = []) async throws -> APIDatabase {
    let database = try APIDatabase.open(path: path)
    if !items.isEmpty { try await database.feed.append(items) }
    return database
}

func makeRepository(path: String = temporaryDatabasePath(), items: [NewFeedItem] = []) async throws -> SQLiteFeedRepository {
    try await makeDatabase(path: path, items: items).feed
}

extension SQLiteFeedRepository {
    /// The accounts kept in the same file as this feed.
    var accounts: SQLiteAccountStore {
        SQLiteAccountStore(database: database)
    }
}

/// The server as `buildApplication` wires it, on a fresh temporary database holding `items`.
func makeSUT(items: [NewFeedItem] = []) async throws -> (app: some ApplicationProtocol, repository: SQLiteFeedRepository) {
    let repository = try await makeRepository(items: items)
    let app = Application(responder: try buildResponder(repository: repository, publicURL: testPublicURL))
    return (app, repository)
}

func makeItem(
    _ number: Int,
    description: String? = nil,
    location: String? = nil,
    image: StoredImage? = nil,
    comments: [FeedComment] = []
) -> NewFeedItem {
    NewFeedItem(
        id: UUID(), description: description ?? "Description \(number)", location: location ?? "Location \(number)",
        image: image ?? pngImage(number), comments: comments)
}

func makeItems(_ count: Int) -> [NewFeedItem] {
    (1...max(1, count)).prefix(count).map { makeItem($0) }
}

func pngImage(_ seed: Int) -> StoredImage {
    StoredImage(data: Data([0x89, 0x50, 0x4E, 0x47] + Array("png \(seed)".utf8)), format: .png)
}

func jpegImage(_ seed: Int) -> StoredImage {
    StoredImage(data: Data([0xFF, 0xD8, 0xFF] + Array("jpeg \(seed)".utf8)), format: .jpeg)
}

func makeComment(_ message: String, createdAt: Date, username: String = "a username") -> FeedComment {
    FeedComment(id: UUID(), message: message, createdAt: createdAt, username: username)
}

func jsonObject(_ body: ByteBuffer) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(buffer: body))
    return try #require(object as? [String: Any], "body is not a JSON object: \(String(buffer: body))")
}

func jsonItems(_ body: ByteBuffer) throws -> [[String: Any]] {
    try #require(try jsonObject(body)["items"] as? [[String: Any]], "no items array in \(String(buffer: body))")
}

func ids(_ body: ByteBuffer) throws -> [String] {
    try jsonItems(body).map { try #require($0["id"] as? String) }
}

/// Asserts an RFC 9457 problem body with the given status (and type, when given).
func expectProblem(_ response: TestResponse, status: HTTPResponse.Status, type: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(response.headers[.contentType] == "application/problem+json", sourceLocation: sourceLocation)
    let problem = try jsonObject(response.body)
    #expect(problem["status"] as? Int == status.code, sourceLocation: sourceLocation)
    #expect((problem["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect((problem["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    if let type {
        #expect(problem["type"] as? String == type, sourceLocation: sourceLocation)
    } else {
        #expect(problem["type"] is String, sourceLocation: sourceLocation)
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}

/// A real photo the media pipeline made; photos of different seeds differ.
func processedPhoto(width: Int = 600, height: Int = 300, seed: Int = 0) throws -> ProcessedPhoto {
    try PhotoProcessor().process(photoFile(width: width, height: height, seed: seed))
}

func photoFile(width: Int = 600, height: Int = 300, seed: Int = 0) throws -> Data {
    try PhotoFixtures.photo(width: width, height: height, seed: seed)
}
