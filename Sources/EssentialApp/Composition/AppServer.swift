import EssentialFeed
import EssentialFeedInfrastructure
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import HTTPServerSupport
import Hummingbird
import Logging
import MediaPipeline

/// Everything the app caches: the feed, image data, and other resources such as the news.
public typealias AppCacheStore = FeedStore & FeedImageDataStore & ResourceStore

/// The composition root: wires the API client, the cache, the presenters and the web UI
/// into the app's HTTP server. Nothing else knows all of them.
public enum AppServer {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// The feed API's base URL, such as `http://127.0.0.1:8081/essential-feed`.
        public var apiBaseURL: URL
        /// Timeouts, head sizes and how many browser connections are served at once.
        public var connectionLimits: ConnectionLimits
        /// The most image bytes the cache keeps; the least recently used go first.
        public var imageCacheCapacity: Int
        /// The address people open, when it is not the one the app listens on (behind a proxy).
        /// With `https`, cookies are `Secure` and `__Host-` prefixed.
        public var publicURL: URL?
        /// Photos read at once; each holds up to 20 MB in memory until the API has it.
        public var simultaneousUploads: Int
        /// What an upload's body must average once its grace period is over.
        public var minimumUploadRate: MinimumBodyRate
        /// The proxies in front of the app whose `X-Forwarded-For` names the browser's address:
        /// by default this machine's (a proxy beside the app).
        public var trustedProxies: TrustedProxies
        /// Origins besides the API's that the API's answers may send the app to for images
        /// (a CDN); nothing else is ever fetched.
        public var imageOrigins: [URL]
        /// What each person's browser keeps for reading offline.
        public var offlineStorage: OfflineStorage
        /// Where to read the screens' styles and scripts instead of the built-in ones.
        public var assetsDirectory: URL?
        /// How long a page waits for the API to say whether a session's token still holds,
        /// before it goes on without the answer.
        public var sessionCheckTimeout: Duration

        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            apiBaseURL: URL,
            connectionLimits: ConnectionLimits = ConnectionLimits(),
            imageCacheCapacity: Int = 256 * 1_024 * 1_024,
            publicURL: URL? = nil,
            simultaneousUploads: Int = 16,
            minimumUploadRate: MinimumBodyRate = MinimumBodyRate(),
            trustedProxies: TrustedProxies = .loopback,
            imageOrigins: [URL] = [],
            offlineStorage: OfflineStorage = OfflineStorage(),
            assetsDirectory: URL? = nil,
            sessionCheckTimeout: Duration = .seconds(1)
        ) {
            self.host = host
            self.port = port
            self.apiBaseURL = apiBaseURL
            self.connectionLimits = connectionLimits
            self.imageCacheCapacity = imageCacheCapacity
            self.publicURL = publicURL
            self.simultaneousUploads = simultaneousUploads
            self.minimumUploadRate = minimumUploadRate
            self.trustedProxies = trustedProxies
            self.imageOrigins = imageOrigins
            self.offlineStorage = offlineStorage
            self.assetsDirectory = assetsDirectory
            self.sessionCheckTimeout = sessionCheckTimeout
        }

        /// `https://host[:port]` of `publicURL`, as browsers send it in `Origin`.
        var publicOrigin: String? {
            guard let publicURL, let scheme = publicURL.scheme, let host = publicURL.host() else { return nil }
            return "\(scheme)://\(host)" + (publicURL.port.map { ":\($0)" } ?? "")
        }
    }

    /// Validates the cache before the app serves anything; the application validates it
    /// again when it shuts down gracefully.
    public static func buildApplication(
        _ configuration: Configuration,
        httpClient: any HTTPClient,
        store: any AppCacheStore,
        sessionStore: any SessionStore = InMemorySessionStore(),
        eventStreams: (any EventStreamOpening)? = nil,
        downloads: (any StreamedDownloading)? = nil,
        currentDate: @escaping @Sendable () -> Date = Date.init,
        uploadClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger = Logger(label: "essential-feed.app"),
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async -> some ApplicationProtocol {
        // The app fetches from the API's origin (and those named for images) only.
        let httpClient = OriginRestrictedHTTPClient(
            decoratee: APIReachabilityLogging(decoratee: httpClient, apiBaseURL: configuration.apiBaseURL, logger: logger),
            allowedOrigins: Set(([configuration.apiBaseURL] + configuration.imageOrigins).compactMap(OriginRestrictedHTTPClient.Origin.init)))
        let apiBaseURL = configuration.apiBaseURL
        let pages = FeedPages(
            httpClient: httpClient, baseURL: apiBaseURL, localFeedLoader: LocalFeedLoader(store: store, currentDate: currentDate), logger: logger)
        await pages.validateCache()
        let photos = PhotoLookup(
            httpClient: httpClient, baseURL: apiBaseURL, pages: pages, localImageLoader: LocalFeedImageDataLoader(store: store), logger: logger,
            currentDate: currentDate)
        let randomPhoto = RandomPhotoLoader(httpClient: httpClient, baseURL: apiBaseURL, photos: photos, logger: logger)
        let comments = ImageCommentsLoader(httpClient: httpClient, baseURL: apiBaseURL, logger: logger)
        let posting = Posting(httpClient: httpClient, baseURL: apiBaseURL, pages: pages, logger: logger)
        let news = NewsService(
            httpClient: httpClient, baseURL: apiBaseURL, resourceStore: store, imageStore: store,
            currentDate: currentDate, logger: logger)
        await news.validateCache()

        let assets = WebAssets(
            directory: configuration.assetsDirectory,
            renderIcon: { svg, size, background in
                try? AppIconRenderer.png(fromSVG: svg, size: size, maskable: background != nil, background: background ?? (255, 255, 255))
            },
            offline: configuration.offlineStorage)
        let accounts = AccountService(httpClient: httpClient, baseURL: apiBaseURL, logger: logger)
        let sessions = WebSessions(
            store: sessionStore, cookies: SessionCookies(isSecure: configuration.publicURL?.scheme == "https"),
            currentDate: currentDate, logger: logger,
            revocations: TokenRevocationCheck(
                answerTimeout: configuration.sessionCheckTimeout, currentDate: currentDate, ask: { await accounts.honours(token: $0) }))
        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Before the middleware: a probe is no visitor, and gets no session cookie or page.
        HealthRoutes(isReady: { await sessions.storeAnswers() }).addRoutes(to: router)
        metrics.addRoute(to: router)
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
        router.add(middleware: NotFoundPageMiddleware(assets: assets.links))
        let uploadLimit: [HTTPRequest.Method: Int] = [.post: NewPostController.maximumBodySize]
        router.add(middleware: TooLargePageMiddleware(assets: assets.links))
        router.add(
            middleware: RequestBodyRefusalMiddleware(
                bodyLimits: [.post: FormBody.maximumSize],
                pathLimits: [
                    NewPostScreen.screenURL: uploadLimit, NewPostScreen.fragmentURL: uploadLimit, ProfileSettingsScreen.avatarURL: uploadLimit
                ]))
        router.add(middleware: CrossSiteRequestMiddleware(assets: assets.links, publicOrigin: configuration.publicOrigin))
        router.add(middleware: SessionMiddleware(sessions: sessions))
        // Once the session is known: a logged-in reader's "not found" keeps the header and tabs.
        router.add(middleware: NotFoundPageMiddleware(assets: assets.links))
        let requiringSession = router.group().add(middleware: SessionRequiredMiddleware()).add(middleware: KeptFeedTabMiddleware())
        let banner = BannerPhotos(loadFromAPI: { await randomPhoto.load() }, cachedFeed: { await pages.cachedPhotos() })
        let silenced = SilencedPosts(currentDate: currentDate, ask: SilencedPosts.askingAPI(httpClient: httpClient, baseURL: apiBaseURL, logger: logger))
        FeedController(pages: pages, photos: photos, silenced: silenced, banner: banner, assets: assets, currentDate: currentDate)
            .addRoutes(requiringSession: requiringSession)

        AssetsController(assets: assets).addRoutes(to: router)
        OfflineController(assets: assets).addRoutes(requiringSession: requiringSession)
        // One place per photo in memory, whether it is posted or becomes someone's picture.
        let uploads = UploadAdmission(
            total: configuration.simultaneousUploads, perPerson: NewPostController.uploadsPerAccount,
            keptFreeForOthers: max(1, configuration.simultaneousUploads / 4), metrics: metrics.factory)
        let people = LocalPeopleLoader(store: store, currentDate: currentDate)
        let profiles = ProfileService(
            httpClient: httpClient, baseURL: apiBaseURL, pages: pages, photos: photos, silenced: silenced, cache: people, logger: logger)
        ProfileController(
            profiles: profiles, sessions: sessions, assets: assets, currentDate: currentDate, logger: logger,
            loadAvatar: { try await news.loadImageData(named: $0) }
        ).addRoutes(requiringSession: requiringSession)
        PhotoController(photos: photos, profiles: profiles, silenced: silenced, assets: assets, currentDate: currentDate).addRoutes(requiringSession: requiringSession)
        PrivacyController(profiles: profiles, sessions: sessions, assets: assets, logger: logger).addRoutes(requiringSession: requiringSession)
        PeopleSearchController(profiles: profiles, sessions: sessions, assets: assets, logger: logger).addRoutes(requiringSession: requiringSession)
        let notifications = NotificationsService(httpClient: httpClient, baseURL: apiBaseURL)
        LikesController(service: notifications, sessions: sessions, assets: assets, logger: logger).addRoutes(requiringSession: requiringSession)
        NotificationsController(service: notifications, sessions: sessions, assets: assets, currentDate: currentDate, logger: logger)
            .addRoutes(requiringSession: requiringSession)
        let eventsRelay = eventStreams.map { streams in
            EventsRelayController(streams: streams, apiBaseURL: apiBaseURL, admission: EventRelayAdmission(), logger: logger)
        }
        eventsRelay?.addRoutes(requiringSession: requiringSession)
        ProfileSettingsController(
            profiles: profiles, sessions: sessions, assets: assets, uploads: uploads, minimumRate: configuration.minimumUploadRate,
            uploadClock: uploadClock, logger: logger
        )
        .addRoutes(requiringSession: requiringSession)
        NewsController(service: news, assets: assets, currentDate: currentDate).addRoutes(requiringSession: requiringSession)
        let accountSettings = AccountSettingsService(httpClient: httpClient, baseURL: apiBaseURL)
        AccountController(
            accounts: accounts, settings: accountSettings, sessions: sessions, assets: assets, trustedProxies: configuration.trustedProxies,
            logger: logger, endEventStreams: { token in eventsRelay?.shared.endStreams(token: token) }
        ).addRoutes(to: router)
        JoiningController(
            settings: accountSettings, accounts: accounts, sessions: sessions, assets: assets, trustedProxies: configuration.trustedProxies,
            logger: logger
        ).addRoutes(to: router)
        AccountSettingsController(
            settings: accountSettings, accounts: accounts, sessions: sessions, assets: assets, publicURL: configuration.publicURL, logger: logger
        ).addRoutes(requiringSession: requiringSession)
        let personalData = PersonalDataController(
            service: PersonalDataService(httpClient: httpClient, downloads: downloads ?? BufferedDownloads(httpClient: httpClient), baseURL: apiBaseURL),
            sessions: sessions, assets: assets, people: people, endEventStreams: { token in eventsRelay?.shared.endStreams(token: token) },
            currentDate: currentDate, logger: logger)
        personalData.addRoutes(requiringSession: requiringSession)
        personalData.addRoutes(to: router)
        CommentsController(
            comments: comments, photos: photos, posting: posting, sessions: sessions, assets: assets, currentDate: currentDate, logger: logger
        ).addRoutes(requiringSession: requiringSession)
        OwnPostsController(
            posts: OwnPosts(httpClient: httpClient, baseURL: apiBaseURL, pages: pages, photos: photos), photos: photos, comments: comments,
            sessions: sessions, assets: assets, logger: logger
        ).addRoutes(requiringSession: requiringSession)
        ModerationScreensController(
            service: ModerationService(httpClient: httpClient, baseURL: apiBaseURL, pages: pages, photos: photos), photos: photos, comments: comments,
            sessions: sessions, assets: assets, currentDate: currentDate, logger: logger
        ).addRoutes(requiringSession: requiringSession)
        NewPostController(
            posting: posting, sessions: sessions, assets: assets, uploads: uploads,
            minimumRate: configuration.minimumUploadRate, uploadClock: uploadClock, logger: logger
        ).addRoutes(requiringSession: requiringSession)
        let responder =
            router
            .buildResponder { method, allowed, _, _ in
                var headers = HTTPFields()
                headers[.contentType] = "text/plain; charset=utf-8"
                let text = "\(method.rawValue) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: ", ")).\n"
                return Response(status: .methodNotAllowed, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
            }
            .wrapped(in: SecurityHeadersMiddleware())
            .wrapped(in: BaselineHeadersMiddleware())
            .wrapped(in: ResponseCompressionMiddleware())
            .wrapped(in: ClientClosedRequestMiddleware())
            .wrapped(in: AccessLogMiddleware(logger: logger, secretPathPrefixes: ["/join/", "/reset-password/"]))
            .answeringInTheirOwnTask(requestsTo: [LikeLinks.events])

        return Application(
            responder: responder,
            server: .hardenedHTTP1(limits: configuration.connectionLimits),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "EssentialFeed",
                limits: configuration.connectionLimits
            ),
            services: [CacheValidationOnShutdown(feed: pages, news: news)],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }
}
