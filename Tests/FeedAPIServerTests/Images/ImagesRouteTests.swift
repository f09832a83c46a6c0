import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct ImagesRouteTests {
    @Test(arguments: [pngImage(1), jpegImage(2)])
    func getImage_deliversTheBytesAtTheURLOfTheFeedItem(image: StoredImage) async throws {
        let (app, _) = try await makeSUT(items: [makeItem(1, image: image)])

        try await app.test(.router) { client in
            let url = try await imageURL(of: 0, client: client)
            let response = try await client.execute(uri: url, method: .get)

            #expect(response.status == .ok)
            #expect(Data(buffer: response.body) == image.data)
            #expect(response.headers[.contentType] == image.format.contentType)
            #expect(response.headers[.eTag] == "\"\(ImageDigest(of: image.data).hex)\"")
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
        }
    }

    @Test func getImage_namesTheBytesBySHA256() async throws {
        let image = pngImage(3)
        let (app, _) = try await makeSUT(items: [makeItem(1, image: image)])

        try await app.test(.router) { client in
            let url = try await imageURL(of: 0, client: client)

            #expect(url.hasSuffix("/essential-feed/v1/images/\(sha256sum(image.data)).png"))
        }
    }

    @Test(arguments: ["\"DIGEST\"", "W/\"DIGEST\"", "*", "\"x\", \"DIGEST\""])
    func getImage_answersNotModifiedForAMatchingIfNoneMatch(ifNoneMatch: String) async throws {
        let image = pngImage(1)
        let (app, _) = try await makeSUT(items: [makeItem(1, image: image)])
        let digest = ImageDigest(of: image.data).hex

        try await app.test(.router) { client in
            let url = try await imageURL(of: 0, client: client)
            let headers: HTTPFields = [.ifNoneMatch: ifNoneMatch.replacingOccurrences(of: "DIGEST", with: digest)]
            let response = try await client.execute(uri: url, method: .get, headers: headers)

            #expect(response.status == .notModified)
            #expect(response.body.readableBytes == 0)
            #expect(response.headers[.eTag] == "\"\(digest)\"")
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
        }
    }

    @Test func getImage_deliversTheBytesForANonMatchingIfNoneMatch() async throws {
        let (app, _) = try await makeSUT(items: [makeItem(1)])

        try await app.test(.router) { client in
            let url = try await imageURL(of: 0, client: client)
            let response = try await client.execute(uri: url, method: .get, headers: [.ifNoneMatch: "\"other\""])

            #expect(response.status == .ok)
        }
    }

    @Test(arguments: [
        String(repeating: "a", count: 64) + ".png",
        "STORED.jpg",
        String(repeating: "A", count: 64) + ".png",
        "abc.png",
        "STORED",
        "STORED.gif",
        "..%2F..%2Fetc%2Fpasswd",
        "%00.png"
    ])
    func getImage_answersNotFoundProblemForAnUnknownOrMalformedName(name: String) async throws {
        let image = pngImage(1)
        let (app, _) = try await makeSUT(items: [makeItem(1, image: image)])
        let uri = "/essential-feed/v1/images/" + name.replacingOccurrences(of: "STORED", with: ImageDigest(of: image.data).hex)

        try await app.test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "*"])

            try expectProblem(response, status: .notFound)
        }
    }

    @Test func headImage_deliversTheHeadersWithoutTheBytes() async throws {
        let (app, _) = try await makeSUT(items: [makeItem(1)])

        try await app.test(.router) { client in
            let url = try await imageURL(of: 0, client: client)
            let response = try await client.execute(uri: url, method: .head)

            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.body.readableBytes == 0)
        }
    }

    private func imageURL(of index: Int, client: some TestClientProtocol) async throws -> String {
        let feed = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)
        let url = try #require(try jsonItems(feed.body)[index]["image"] as? String)
        try #require(url.hasPrefix(testPublicURL))
        return String(url.dropFirst(testPublicURL.count))
    }
}

/// The digest as `sha256sum` prints it, computed independently of the server's code.
private func sha256sum(_ data: Data) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
}
