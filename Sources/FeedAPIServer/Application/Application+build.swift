import FeedAPIStorage
import Foundation
import HTTPServerHardening
import HTTPServerSupport
import Hummingbird
import Logging
import MediaPipeline
import NIOPosix
import PersonalArchives

/// Builds the whole feed API server on `database`: its routes and error handling.
/// Run it with `try await app.runService()`, which stops gracefully on SIGINT and SIGTERM.
public func buildApplication(
    _ configuration: FeedAPIConfiguration,
    database: APIDatabase,
    logger: Logger? = nil,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    try buildApplication(configuration, storage: database, logger: logger, onServerRunning: onServerRunning)
}

/// Builds the server on the stores of any database (an SQLite file, or PostgreSQL).
package func buildApplication(
    _ configuration: FeedAPIConfiguration,
    storage database: some APIStorage,
    metrics: ServerMetrics = ServerMetrics(),
    logger: Logger? = nil,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let logger = logger ?? Logger(label: "essential-feed.api")
    return Application(
        responder: try buildResponder(
            repository: database.feed, accounts: database.accounts, news: database.news, social: database.social,
            changes: database.changes, moderation: database.moderation, publicURL: configuration.resolvedPublicURL, logger: logger,
            uploads: UploadAdmission(
                total: configuration.simultaneousUploads, perPerson: PhotoUploadController<FeedAPIContext>.uploadsPerAccount,
                keptFreeForOthers: max(1, configuration.simultaneousUploads / 4), metrics: metrics.factory),
            trustedProxies: configuration.trustedProxies,
            registration: configuration.registration,
            metrics: metrics,
            isReady: { await database.isReachable() },
            archives: configuration.archivesDirectory.map { directory in
                personalArchiveJobs(in: directory, storage: database, threads: PhotoProcessingThreads.shared, logger: logger)
            }),
        server: .hardenedHTTP1(limits: configuration.connectionLimits),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "essential-feed",
            limits: configuration.connectionLimits),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// What the routes are built with besides the stores and the public URL. The defaults are the
/// server's; tests give a cheaper hasher, a clock or other bounds.
struct APIRouteOptions {
    var hasher = PasswordHasher()
    var uploads = UploadAdmission(
        total: FeedAPIConfiguration.defaultSimultaneousUploads, perPerson: PhotoUploadController<FeedAPIContext>.uploadsPerAccount)
    var throttle = LogInThrottle()
    var trustedProxies = TrustedProxies.loopback
    var registration = RegistrationPolicy()
    /// Where photos are processed: never where passwords are checked.
    var photoThreads: NIOThreadPool = PhotoProcessingThreads.shared
    var now: @Sendable () -> Date = Date.init
    /// Whether the stores answer, for `/health/ready`.
    var isReady: @Sendable () async -> Bool = { true }
    /// What `/metrics` tells.
    var metrics = ServerMetrics()
    /// How often one account may like, follow and comment.
    var limits = ActionLimits()
    var eventStreams = EventStreamLimits()
    /// The exports and imports of personal archives; without it, their routes are left out.
    var archives: PersonalArchiveJobs?
    var logger = Logger(label: "essential-feed.api")
}

/// The routes of the API behind problem-details error handling and `405` answers, every
/// answer compressed when the client takes it and logged.
package func buildResponder(
    repository: any FeedRepository,
    accounts: (any AccountStore)? = nil,
    news: (any NewsRepository)? = nil,
    social: (any SocialGraph)? = nil,
    changes: FeedChanges? = nil,
    moderation: (any ModerationStore)? = nil,
    publicURL: String,
    logger: Logger = Logger(label: "essential-feed.api"),
    hasher: PasswordHasher = PasswordHasher(),
    uploads: UploadAdmission? = nil,
    photoThreads: NIOThreadPool? = nil,
    throttle: LogInThrottle = LogInThrottle(),
    trustedProxies: TrustedProxies = .loopback,
    registration: RegistrationPolicy = RegistrationPolicy(),
    now: @escaping @Sendable () -> Date = Date.init,
    metrics: ServerMetrics = ServerMetrics(),
    isReady: @escaping @Sendable () async -> Bool = { true },
    archives: PersonalArchiveJobs? = nil
) throws -> some HTTPResponder<FeedAPIContext> {
    var options = APIRouteOptions(
        hasher: hasher, throttle: throttle, trustedProxies: trustedProxies, registration: registration, now: now, isReady: isReady,
        metrics: metrics)
    options.logger = logger
    options.archives = archives
    if let uploads { options.uploads = uploads }
    if let photoThreads { options.photoThreads = photoThreads }
    return try buildRouter(
        repository: repository, accounts: accounts, news: news, social: social, changes: changes, moderation: moderation,
        publicURL: publicURL, options: options
    )
    .buildResponder { method, allowed, request, context in
        try ProblemDetails.methodNotAllowed(method, allowed: allowed).response(from: request, context: context)
    }
    .wrapped(in: BaselineHeadersMiddleware())
    .wrapped(in: ResponseCompressionMiddleware())
    .wrapped(in: ClientClosedRequestMiddleware())
    .wrapped(in: AccessLogMiddleware(logger: logger, secretPathPrefixes: [APIPaths.version1 + "/invitations/"]))
    .answeringInTheirOwnTask(requestsTo: [APIPaths.version1 + "/events"])
}

/// Without `accounts`, the routes of accounts and sessions are left out; without `news`, the
/// news routes; without `social` (or `accounts`), those of profiles and following; without
/// `changes`, the event streams.
func buildRouter(
    repository: any FeedRepository,
    accounts: (any AccountStore)? = nil,
    news: (any NewsRepository)? = nil,
    social: (any SocialGraph)? = nil,
    changes: FeedChanges? = nil,
    moderation: (any ModerationStore)? = nil,
    publicURL: String,
    options: APIRouteOptions = APIRouteOptions()
) throws -> Router<FeedAPIContext> {
    let router = Router(context: FeedAPIContext.self, options: .autoGenerateHeadEndpoints)
    // Before the middleware: a load balancer's probe is answered by the routes alone.
    HealthRoutes(isReady: options.isReady).addRoutes(to: router)
    options.metrics.addRoute(to: router)
    router.add(middleware: RequestMetricsMiddleware(metrics: options.metrics))
    router.add(middleware: ProblemDetailsMiddleware())
    router.add(
        middleware: RequestBodyRefusalMiddleware(
            // Each route reads no more than its own bound; this is the largest of them.
            bodyLimits: [
                .post: CommentPostingController<FeedAPIContext>.maximumBodySize,
                .patch: max(ProfilesController<FeedAPIContext>.maximumBodySize, PostEditingController<FeedAPIContext>.maximumBodySize)
            ],
            pathLimits: [
                APIPaths.password: [.put: AccountSettingsController<FeedAPIContext>.maximumBodySize],
                APIPaths.twoFactors: [.delete: AccountSettingsController<FeedAPIContext>.maximumBodySize],
                APIPaths.me: [.delete: LeavingController<FeedAPIContext>.maximumBodySize],
                APIPaths.images: [.post: PhotoUploadController<FeedAPIContext>.maximumBodySize],
                APIPaths.avatar: [.put: AvatarController<FeedAPIContext>.maximumBodySize],
                APIPaths.importArchive: [.post: PersonalDataController<FeedAPIContext>.maximumArchiveBytes]
            ]))
    let urls = PublicURLs(base: publicURL)
    let api = router.group(RouterPath(APIPaths.base))
    let version1 = router.group(RouterPath(APIPaths.version1))
    try OpenAPIController().addRoutes(to: api)
    let metrics = options.metrics.factory
    var feed = FeedController<FeedAPIContext>(repository: repository, urls: urls, cache: ResponseCache(capacity: 1024, name: "feed", metrics: metrics))
    // Who reads a single post or its comments: a followers-only post shows to its author and followers alone.
    var reader: @Sendable (Request) async throws -> Int64? = { _ in nil }
    if let accounts {
        let authenticator = BearerTokenAuthenticator<FeedAPIContext>(accounts: accounts, now: options.now)
        reader = { request in request.headers[.authorization] == nil ? nil : try await authenticator.session(of: request).account.id }
        feed.reader = reader
        if let social {
            feed.likedItems = { readerID, itemIDs in try await social.likedItems(among: itemIDs, by: readerID) }
        }
    }
    feed.addRoutes(to: version1)
    ImageCommentsController(
        repository: repository, urls: urls, cache: ResponseCache(capacity: 1024, name: "comments", metrics: metrics), reader: reader
    ).addRoutes(to: version1)
    FeedItemController(repository: repository, urls: urls, reader: reader).addRoutes(to: version1)
    ImagesController(repository: repository).addRoutes(to: version1)
    if let news {
        NewsController(repository: news, urls: urls, cache: ResponseCache(capacity: 256, name: "news", metrics: metrics)).addRoutes(to: version1)
    }
    if let accounts {
        let authenticator = BearerTokenAuthenticator<FeedAPIContext>(accounts: accounts, now: options.now)
        let protected = version1.group().add(middleware: authenticator)
        SessionsController<FeedAPIContext>(
            accounts: accounts, hasher: options.hasher, throttle: options.throttle, trustedProxies: options.trustedProxies, now: options.now,
            social: social, urls: urls, memberInvites: options.registration.memberInvites && options.registration.mode != .closed,
            moderation: moderation
        ).addRoutes(to: version1, protected: protected)
        RegistrationController<FeedAPIContext>(
            accounts: accounts, hasher: options.hasher, policy: options.registration, trustedProxies: options.trustedProxies, now: options.now,
            issuer: SessionIssuer(accounts: accounts, social: social, urls: urls)
        ).addRoutes(to: version1)
        let gate = PasswordGate(accounts: accounts, hasher: options.hasher, throttle: options.throttle, trustedProxies: options.trustedProxies)
        AccountSettingsController<FeedAPIContext>(accounts: accounts, gate: gate, now: options.now).addRoutes(to: protected)
        if let removal = repository as? any AccountRemoval {
            LeavingController<FeedAPIContext>(removal: removal, gate: gate, archives: options.archives, now: options.now).addRoutes(to: protected)
        }
        InvitationsController<FeedAPIContext>(accounts: accounts, policy: options.registration, now: options.now).addRoutes(to: protected)
        PasswordResetController<FeedAPIContext>(accounts: accounts, hasher: options.hasher, now: options.now).addRoutes(to: version1)
        CommentPostingController(repository: repository, now: options.now, urls: urls, limits: options.limits).addRoutes(to: protected)
        if let posts = repository as? any PostOwnership {
            PostEditingController(posts: posts, urls: urls, now: options.now, moderation: moderation, limits: options.limits).addRoutes(to: protected)
        }
        if let moderation {
            ModerationController(moderation: moderation, urls: urls, now: options.now).addRoutes(to: protected)
        }
        var uploads = PhotoUploadController<FeedAPIContext>(
            repository: repository, now: options.now, urls: urls, admission: options.uploads, threads: options.photoThreads,
            limits: options.limits)
        if let social { uploads.defaultVisibility = { try await social.privacySettings(of: $0).defaultVisibility } }
        uploads.addRoutes(to: protected)
        if let social {
            let personal = version1.group().add(middleware: OptionalBearerTokenAuthenticator(required: authenticator))
            ProfilesController(social: social, urls: urls, now: options.now, limits: options.limits).addRoutes(to: personal, protected: protected)
            LikesController(social: social, urls: urls, now: options.now, limits: options.limits).addRoutes(to: personal, protected: protected)
            SilencedPostsController(social: social).addRoutes(to: protected)
            SilencedPeopleController(social: social, urls: urls).addRoutes(to: protected)
            PeopleSearchController(people: social, urls: urls).addRoutes(to: protected)
            FollowRequestsController(social: social, urls: urls, now: options.now).addRoutes(to: protected)
            NotificationsController(social: social, urls: urls).addRoutes(to: protected)
            if let changes {
                let hub = EventStreamHub(changes: changes, social: social, limits: options.eventStreams, logger: options.logger)
                EventsController(
                    social: social, hub: hub, urls: urls, logger: options.logger,
                    isStillAuthorized: { request in (try? await authenticator.session(of: request)) != nil }
                ).addRoutes(to: protected)
            }
            AvatarController(social: social, urls: urls, admission: options.uploads, threads: options.photoThreads).addRoutes(to: protected)
            if let archives = options.archives {
                PersonalDataController(jobs: archives, urls: urls).addRoutes(to: protected)
            }
        }
    }
    return router
}

/// The exports and imports of personal archives on `storage`, their files in `directory`;
/// imported photos are processed on `threads`, as uploads are.
package func personalArchiveJobs(
    in directory: URL, storage: some APIStorage, threads: NIOThreadPool, logger: Logger, now: @escaping @Sendable () -> Date = Date.init
) -> PersonalArchiveJobs {
    let (feed, moderation) = (storage.feed, storage.moderation)
    let processor = PhotoProcessor()
    return PersonalArchiveJobs(
        directory: directory, exporter: ArchiveExport(feed: feed, social: storage.social),
        importer: { author in
            ArchiveImport(feed: feed, author: author, authorMayPost: { try await moderation.mayPost(author) }) { bytes in
                try await threads.runIfActive {
                    try processor.process(bytes, deadline: ProcessingDeadline(after: processor.limits.maximumProcessingTime))
                }
            }
        },
        now: now, logger: logger)
}
