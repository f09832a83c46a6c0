import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct NewsImportTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func run_replacesTheNewsWithTheFilesStoriesLinksAndAdverts_eachPhotoProcessedOnce() async throws {
        let folder = try Self.folder(photos: ["hero.jpg", "inline.jpg"])
        let storyID = UUID()
        let file = try Self.write(
            [
                "title": "Sky Cat News",
                "stories": [
                    [
                        "id": storyID.uuidString, "headline": "  A cat's day  ", "teaser": "It slept.",
                        "created_at": "2023-11-14T10:00:00+0000", "updated_at": "2023-11-14T12:00:00+0000",
                        "image": ["file": "photos/hero.jpg", "alt": "A cat asleep"],
                        "contents": [
                            ["type": "paragraph", "text": "It slept all morning."],
                            ["type": "image", "file": "photos/inline.jpg", "alt": ""],
                            ["type": "paragraph", "text": "Then it slept all afternoon."]
                        ]
                    ]
                ],
                "weblinks": [
                    [
                        "headline": "More cats", "url": "https://example.org/cats",
                        "created_at": "2023-11-14T09:00:00+0000", "updated_at": "2023-11-14T13:00:00+0000"
                    ]
                ],
                "adverts": [
                    [
                        "url": "https://example.com/ad", "advertiser": "Cat Food Ltd", "slot": 0, "offer": "  Two tins for one  ",
                        "image": ["file": "photos/hero.jpg", "alt": "A tin of cat food"]
                    ]
                ]
            ], in: folder)
        let database = try await makeDatabase()
        _ = try await database.news.addNewsIfEmpty(NewsEdition(title: "Old", stories: [], webLinks: [], adverts: []))

        let summary = try await NewsImport(store: database.news, now: { Self.now }).run(file: file)

        #expect(summary == NewsImport.Summary(stories: 1, webLinks: 1, adverts: 1, photos: 3))
        let list = try await database.news.newsList()
        #expect(list.title == "Sky Cat News")
        guard case let .advert(advert) = list.items[0], case .webLink = list.items[1], case let .story(story) = list.items[2] else {
            Issue.record("unexpected order \(list.items)")
            return
        }
        #expect(story.headline == "A cat's day")
        #expect(advert.offer == "Two tins for one")
        #expect(story.id == storyID)
        let read = try #require(try await database.news.story(withID: storyID))
        #expect(read.contents.count == 3)
        guard case let .image(inline) = read.contents[1] else {
            Issue.record("the second block is the image")
            return
        }
        #expect(inline.alt == "")
        #expect(read.heroImage.details.width == 300)
    }

    @Test func read_listsEveryProblemWithItsPlace_andChangesNothing() async throws {
        let folder = try Self.folder(photos: ["hero.jpg"])
        try Data("not a photo".utf8).write(to: folder.appending(path: "photos/fake.jpg"))
        let file = try Self.write(
            [
                "title": "News",
                "stories": [
                    [
                        "headline": "", "teaser": "t", "created_at": "2023-11-14T12:00:00+0000", "updated_at": "2023-11-14T10:00:00+0000",
                        "image": ["file": "photos/hero.jpg", "alt": ""], "contents": [["type": "video"]]
                    ],
                    [
                        "id": "nope", "headline": "h", "teaser": "t", "created_at": "yesterday", "updated_at": "2023-11-14T10:00:00+0000",
                        "image": ["file": "photos/fake.jpg", "alt": "a"], "contents": []
                    ]
                ],
                "weblinks": [["headline": "h", "url": "javascript:alert(1)", "created_at": "2023-11-14T10:00:00+0000", "updated_at": "2023-11-14T10:00:00+0000"]],
                "adverts": [
                    [
                        "url": "https://example.com", "advertiser": "A", "slot": -1, "offer": String(repeating: "x", count: 301),
                        "image": ["file": "photos/missing.jpg", "alt": "a"]
                    ]
                ]
            ], in: folder)
        let database = try await makeDatabase()
        let sut = NewsImport(store: database.news, now: { Self.now })

        do {
            _ = try await sut.run(file: file)
            Issue.record("an invalid file was imported")
        } catch let invalid as NewsImport.Invalid {
            let problems = invalid.problems.joined(separator: "\n")
            for expected in [
                "stories[0].headline is missing or empty",
                "stories[0].image.alt is empty",
                "stories[0].updated_at is before its created_at",
                "stories[0].contents[0].type must be",
                "stories[1].created_at must be a date",
                "stories[1].id must be a UUID",
                "stories[1].image.file photos/fake.jpg is not a JPEG, PNG or WebP image",
                "weblinks[0].url must be an http or https address",
                "adverts[0].slot must be a whole number",
                "adverts[0].offer has more than 300 characters",
                "adverts[0].image.file photos/missing.jpg cannot be read"
            ] {
                #expect(problems.contains(expected), "missing: \(expected)\nin: \(problems)")
            }
        }
        #expect(try await database.news.newsList().items.isEmpty)
    }

    @Test func read_takesPhotosOnlyFromUnderTheFilesOwnFolder() async throws {
        let outside = try Self.folder(photos: ["secret.jpg"])
        let folder = try Self.folder(photos: ["hero.jpg"])
        try FileManager.default.createSymbolicLink(
            at: folder.appending(path: "photos/link.jpg"), withDestinationURL: outside.appending(path: "photos/secret.jpg"))
        let names = ["../\(outside.lastPathComponent)/photos/secret.jpg", outside.appending(path: "photos/secret.jpg").path, "photos/link.jpg"]
        let file = try Self.write(
            [
                "stories": names.map { name in
                    [
                        "headline": "h", "teaser": "t", "created_at": "2023-11-14T10:00:00+0000", "updated_at": "2023-11-14T10:00:00+0000",
                        "image": ["file": name, "alt": "a"], "contents": []
                    ]
                }
            ], in: folder)

        do {
            _ = try NewsImport(store: InertNews(), now: { Self.now }).read(file)
            Issue.record("photos outside the folder were read")
        } catch let invalid as NewsImport.Invalid {
            for (index, name) in names.enumerated() {
                #expect(
                    invalid.problems.contains("stories[\(index)].image.file \(name) is not under the file's own folder: name a photo by a path relative to it, without .."),
                    "\(invalid.problems)")
            }
        }
    }

    @Test(arguments: [("[1, 2]", "the file must hold an object"), ("{", "the file is not valid JSON"), ("{}", "stories must be a list")])
    func read_refusesAFileThatIsNotANewsObject(content: String, expected: String) throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "news-\(UUID().uuidString).json")
        try Data(content.utf8).write(to: file)

        #expect {
            _ = try NewsImport(store: InertNews(), now: { Self.now }).read(file)
        } throws: { error in
            (error as? NewsImport.Invalid)?.problems.contains { $0.hasPrefix(expected) } == true
        }
    }

    @Test func open_createsTheDatabaseAndItsFolder() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "news-\(UUID().uuidString)/nested/api.sqlite").path
        let folder = try Self.folder(photos: ["hero.jpg"])
        let file = try Self.write(
            [
                "title": "T",
                "stories": [
                    [
                        "headline": "H", "teaser": "T", "created_at": "2023-11-14T10:00:00+0000", "updated_at": "2023-11-14T10:00:00+0000",
                        "image": ["file": "photos/hero.jpg", "alt": "A cat"], "contents": [["type": "paragraph", "text": "P"]]
                    ]
                ]
            ], in: folder)

        let summary = try await NewsImport(try APIDatabase.open(path: path)).run(file: file)

        #expect(summary.stories == 1)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    // MARK: - Helpers

    private static func folder(photos: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "news-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "photos"), withIntermediateDirectories: true)
        for (index, name) in photos.enumerated() {
            try photoFile(width: 300, height: 200, seed: index).write(to: folder.appending(path: "photos/\(name)"))
        }
        return folder
    }

    private static func write(_ object: [String: Any], in folder: URL) throws -> URL {
        let file = folder.appending(path: "news.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return file
    }
}

private struct InertNews: NewsRepository {
    var dataVersion: UInt64 { 0 }
    func newsList() async throws -> StoredNewsList { StoredNewsList(title: "", items: []) }
    func story(withID id: UUID) async throws -> StoredNewsStory? { nil }
    func replaceNews(with edition: NewsEdition) async throws {}
    func addNewsIfEmpty(_ edition: NewsEdition) async throws -> Bool { false }
}
