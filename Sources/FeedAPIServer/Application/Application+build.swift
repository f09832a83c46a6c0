import Foundation
import HTTPServerHardening
import HTTPServerSupport
import Hummingbird
import Logging

/// Builds the whole feed API server: database, demo data, routes and error handling.
/// Run it with `try await app.runService()`, which stops gracefully on SIGINT and SIGTERM.
public func buildApplication(
    _ configuration: FeedAPIConfiguration,
    logger: Logger? = nil,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let logger = logger ?? Logger(label: "essential-feed.api")
    let repository = try SQLiteFeedRepository(path: try prepareDatabaseFile(at: configuration.databasePath))
    let accounts = repository.accounts
    if configuration.seedsDemoData {
        // The log-in account's bcrypt hash is made on the thread pool while the demo images
        // are painted; the accounts must exist before the posts that name them are stored.
        async let createdAccounts = DemoAccountsSeeder(accounts: accounts).createMissingAccounts(at: Date())
        let demoFeed = try DemoFeed.make(now: Date())
        let created = try await createdAccounts
        if created > 0 { logger.info("Created \(created) demo accounts") }
        let seeded = try await DemoFeedSeeder(repository: repository).seedIfEmpty(with: demoFeed)
        logger.info(seeded
            ? "Seeded the empty database with \(demoFeed.count) demo items"
            : "The database already has items; not seeding the demo feed")
        // The demo news is painted only when there is none: it is not needed otherwise.
        if try await repository.news.newsList().items.isEmpty {
            let edition = try DemoNews.make(now: Date())
            if try await repository.news.addNewsIfEmpty(edition) {
                logger.info("Seeded the demo news: \(edition.stories.count) stories, \(edition.webLinks.count) web links, \(edition.adverts.count) adverts")
            }
        }
    }
    return Application(
        responder: try buildResponder(
            repository: repository, accounts: accounts, news: repository.news, publicURL: configuration.resolvedPublicURL, logger: logger,
            uploads: UploadAdmission(
                total: configuration.simultaneousUploads, perPerson: PhotoUploadController<FeedAPIContext>.uploadsPerAccount),
            trustedProxies: configuration.trustedProxies),
        server: .hardenedHTTP1(limits: configuration.connectionLimits),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "essential-feed",
            limits: configuration.connectionLimits),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// The routes of the API behind problem-details error handling and `405` answers, every
/// answer compressed when the client takes it and logged.
func buildResponder(
    repository: any FeedRepository,
    accounts: (any AccountStore)? = nil,
    news: (any NewsRepository)? = nil,
    publicURL: String,
    logger: Logger = Logger(label: "essential-feed.api"),
    hasher: PasswordHasher = PasswordHasher(),
    uploads: UploadAdmission = UploadAdmission(
        total: FeedAPIConfiguration.defaultSimultaneousUploads, perPerson: PhotoUploadController<FeedAPIContext>.uploadsPerAccount),
    throttle: LogInThrottle = LogInThrottle(),
    trustedProxies: TrustedProxies = .none,
    now: @escaping @Sendable () -> Date = Date.init
) throws -> some HTTPResponder<FeedAPIContext> {
    try buildRouter(
        repository: repository, accounts: accounts, news: news, publicURL: publicURL, hasher: hasher, uploads: uploads,
        throttle: throttle, trustedProxies: trustedProxies, now: now)
        .buildResponder { method, allowed, request, context in
            try ProblemDetails.methodNotAllowed(method, allowed: allowed).response(from: request, context: context)
        }
        .wrapped(in: BaselineHeadersMiddleware())
        .wrapped(in: ResponseCompressionMiddleware())
        .wrapped(in: AccessLogMiddleware(logger: logger))
}

/// Without `accounts`, the routes of accounts and sessions are left out; without `news`, the news routes.
func buildRouter(
    repository: any FeedRepository,
    accounts: (any AccountStore)? = nil,
    news: (any NewsRepository)? = nil,
    publicURL: String,
    hasher: PasswordHasher = PasswordHasher(),
    uploads: UploadAdmission = UploadAdmission(
        total: FeedAPIConfiguration.defaultSimultaneousUploads, perPerson: PhotoUploadController<FeedAPIContext>.uploadsPerAccount),
    throttle: LogInThrottle = LogInThrottle(),
    trustedProxies: TrustedProxies = .none,
    now: @escaping @Sendable () -> Date = Date.init
) throws -> Router<FeedAPIContext> {
    let router = Router(context: FeedAPIContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ProblemDetailsMiddleware())
    router.add(middleware: RequestBodyRefusalMiddleware(
        // Each route reads no more than its own bound; this is the largest of them.
        bodyLimits: [.post: CommentPostingController<FeedAPIContext>.maximumBodySize],
        pathLimits: [APIPaths.images: [.post: PhotoUploadController<FeedAPIContext>.maximumBodySize]]))
    let urls = PublicURLs(base: publicURL)
    let api = router.group(RouterPath(APIPaths.base))
    let version1 = router.group(RouterPath(APIPaths.version1))
    try OpenAPIController().addRoutes(to: api)
    FeedController(repository: repository, urls: urls, cache: ResponseCache(capacity: 1024)).addRoutes(to: version1)
    ImageCommentsController(repository: repository, cache: ResponseCache(capacity: 1024)).addRoutes(to: version1)
    RandomItemController(repository: repository, urls: urls).addRoutes(to: version1)
    ImagesController(repository: repository).addRoutes(to: version1)
    if let news {
        NewsController(repository: news, urls: urls, cache: ResponseCache(capacity: 256)).addRoutes(to: version1)
    }
    if let accounts {
        let sessions = SessionsController<FeedAPIContext>(
            accounts: accounts, hasher: hasher, throttle: throttle, trustedProxies: trustedProxies, now: now)
        sessions.addRoutes(to: version1)
        CommentPostingController(repository: repository, sessions: sessions).addRoutes(to: version1)
        PhotoUploadController(repository: repository, sessions: sessions, urls: urls, admission: uploads).addRoutes(to: version1)
    }
    return router
}

/// The API's database folder could not be made: the data is not disposable, so the server
/// does not start, and says where and why in words a person can act on.
struct DatabaseFolderUnavailable: Error, CustomStringConvertible {
    let folder: String

    var description: String {
        "Cannot create the folder of the API's database, \(folder): check that it can be written and that no file stands in its path."
    }
}

private func prepareDatabaseFile(at path: String) throws -> String {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        throw DatabaseFolderUnavailable(folder: folder.path)
    }
    return path
}
