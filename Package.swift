// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "EssentialFeed",
    defaultLocalization: "en",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "EssentialFeed", targets: ["EssentialFeed"]),
        .library(name: "EssentialFeedInfrastructure", targets: ["EssentialFeedInfrastructure"]),
        .library(name: "FeedAPIServer", targets: ["FeedAPIServer"]),
        .executable(name: "essential-feed", targets: ["EssentialFeedCLI"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"])
    ],
    targets: [
        // The platform-agnostic core: Foundation only.
        .target(
            name: "EssentialFeed",
            exclude: ["Localization"],
            plugins: ["EmbedResources"]
        ),
        // Log events as one line of JSON each, for the journal and log shippers.
        .target(
            name: "StructuredLogging",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "StructuredLoggingTests",
            dependencies: ["StructuredLogging", .product(name: "Logging", package: "swift-log")]
        ),
        // What every SQLite file of the program shares: online backups, and refusing a file
        // written by a newer release.
        .target(
            name: "SQLiteSupport",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Which release this is and which commit it was built from.
        .target(name: "ProgramVersion", plugins: ["BuildInfo"]),
        // Resource files built into the targets that need them, so the program runs from
        // wherever it is copied.
        .plugin(name: "EmbedResources", capability: .buildTool()),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // Real implementations behind the core's protocols.
        .target(
            name: "EssentialFeedInfrastructure",
            dependencies: [
                "EssentialFeed",
                "PostgresSupport",
                "ProgramVersion",
                "SQLiteSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ]
        ),
        // What both HTTP servers need to hold up against real clients: connection timeouts,
        // keep-alive done right, bounded request heads, refused bodies, and cancellation of
        // a request's work when its client goes away.
        .target(
            name: "HTTPServerHardening",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // What both HTTP servers do the same way: `405` with `Allow`, gzip for text
        // responses, one access log line per request, and photo forms read within limits.
        .target(
            name: "HTTPServerSupport",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // libvips, the image library the media pipeline stands on.
        .systemLibrary(
            name: "CVips",
            path: "Sources/CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // The app's icon drawn from its SVG with librsvg, apart from libvips's blocked SVG loader.
        .systemLibrary(
            name: "CRsvg",
            path: "Sources/CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // QR codes (libqrencode), for the secret an authenticator app scans.
        .systemLibrary(
            name: "CQRencode",
            path: "Sources/CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .target(name: "QRCodes", dependencies: ["CQRencode"]),
        // BlurHash placeholders: encoding and decoding, in Swift alone.
        .target(name: "BlurHash"),
        // Photos in: format by the bytes, limits before decoding, orientation, sRGB, no
        // metadata, renditions, average colour and BlurHash.
        .target(
            name: "MediaPipeline",
            dependencies: ["BlurHash", "CRsvg", "CVips"]
        ),
        // What the feed API keeps: the feed, news and accounts behind read and write
        // protocols, on SQLite, each area with its own migrations.
        .target(
            name: "FeedAPIStorage",
            dependencies: [
                "MediaPipeline",
                "ProgramVersion",
                "SQLiteSupport",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // What both servers need of PostgreSQL: its URLs, transactions, and migrations
        // under an advisory lock.
        .target(
            name: "PostgresSupport",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics")
            ]
        ),
        // The API's stores on PostgreSQL, for several instances on one database, with a data
        // version every instance follows through LISTEN/NOTIFY.
        .target(
            name: "FeedAPIPostgres",
            dependencies: [
                "FeedAPIStorage",
                "PostgresSupport",
                "MediaPipeline",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics")
            ]
        ),
        // The feed API server the app talks to: its routes, encoders and problem details.
        .target(
            name: "FeedAPIServer",
            dependencies: [
                // The rules the app and the API share (a comment's message).
                "EssentialFeed",
                "FeedAPIStorage",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "MediaPipeline",
                "HTTPServerHardening",
                "HTTPServerSupport",
                "PersonalArchives",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log")
            ],
            exclude: ["OpenAPI/openapi.yaml", "Accounts/common-passwords.txt"],
            plugins: ["EmbedResources"]
        ),
        // The demo data: photos painted and news written by the program itself, and the
        // accounts that post them.
        .target(
            name: "FeedAPIDemo",
            dependencies: [
                "FeedAPIStorage",
                "MediaPipeline",
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // The operator's tools on an API database: photo and news imports, accounts, and the
        // benchmarks' synthetic feed.
        .target(
            name: "PersonalArchives",
            dependencies: [
                "FeedAPIStorage",
                "MediaPipeline",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        .target(
            name: "FeedAPIAdministration",
            dependencies: [
                "FeedAPIStorage",
                "MediaPipeline"
            ]
        ),
        // The web UI: renders the core's view models to HTML; owns the CSS and JS.
        .target(
            name: "EssentialFeedWebUI",
            dependencies: ["EssentialFeed"],
            exclude: ["Assets"],
            plugins: ["EmbedResources"]
        ),
        // The composition root: wires the core, infrastructure and web UI into the app server.
        .target(
            name: "EssentialApp",
            dependencies: [
                "EssentialFeed",
                "EssentialFeedInfrastructure",
                "EssentialFeedWebUI",
                "HTTPServerHardening",
                "HTTPServerSupport",
                "MediaPipeline",
                "QRCodes",
                "SQLiteSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ]
        ),
        .executableTarget(
            name: "EssentialFeedCLI",
            dependencies: [
                "PersonalArchives",
                "PostgresSupport",
                "ProgramVersion",
                "SQLiteSupport",
                "StructuredLogging",
                "FeedAPIServer",
                "FeedAPIStorage",
                "FeedAPIPostgres",
                "FeedAPIDemo",
                "FeedAPIAdministration",
                "MediaPipeline",
                "EssentialApp",
                "EssentialFeedInfrastructure",
                "HTTPServerHardening",
                "HTTPServerSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ]
        ),
        // The parsers of untrusted bytes, each driven by any input: libFuzzer's targets
        // (scripts/fuzz), and a replay of the corpus in the tests.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "EssentialApp",
                "FeedAPIServer",
                "HTTPServerSupport",
                "MediaPipeline",
                "PersonalArchives",
                "FeedAPIStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Fuzzing/FuzzTargets"
        ),
        .executableTarget(
            name: "EssentialFeedFuzzer",
            dependencies: ["FuzzTargets"],
            path: "Fuzzing/EssentialFeedFuzzer"
        ),
        .executableTarget(
            name: "EssentialFeedBenchmarks",
            dependencies: ["EssentialFeed", "EssentialFeedInfrastructure"],
            path: "benchmarks/EssentialFeedBenchmarks",
            exclude: ["README.md"]
        ),
        // The busiest pages' work, from domain values to bytes, for the regression guard:
        // allocations counted by the benchmark package (HotPaths, run by its command plugin,
        // which finds benchmarks in a folder named Benchmarks). HotPaths writes its own entry
        // point: the package's build-tool plugin that would write it gets built by every build,
        // the fuzzer's too, whose sanitizer gives it a second `main`.
        .target(
            name: "HotPathScenarios",
            dependencies: ["EssentialApp", "EssentialFeed", "EssentialFeedWebUI", "FeedAPIServer", "FeedAPIStorage", "MediaPipeline"],
            path: "benchmarks/HotPathScenarios"
        ),
        .executableTarget(
            name: "HotPaths",
            dependencies: ["HotPathScenarios", .product(name: "Benchmark", package: "benchmark")],
            path: "benchmarks/Benchmarks/HotPaths"
        ),
        .testTarget(
            name: "FuzzTargetsTests",
            dependencies: ["FuzzTargets"]
        ),
        .testTarget(
            name: "BlurHashTests",
            dependencies: ["BlurHash"]
        ),
        // Test support: what the upgrade fixtures hold, and the tool that writes them at every
        // schema version the program has shipped.
        .target(name: "UpgradeFixtures", path: "Tests/UpgradeFixtures"),
        .executableTarget(
            name: "UpgradeFixturesGenerator",
            dependencies: [
                "FeedAPIStorage", "EssentialFeedInfrastructure", "PhotoFixtures", "UpgradeFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto")
            ],
            path: "Tools/UpgradeFixturesGenerator"
        ),
        // Test support: photos made in the tests, and the byte-level damage real uploads bring.
        .target(
            name: "PhotoFixtures",
            dependencies: ["MediaPipeline"],
            path: "Tests/PhotoFixtures"
        ),
        .testTarget(
            name: "MediaPipelineTests",
            dependencies: ["MediaPipeline", "BlurHash", "PhotoFixtures"]
        ),
        .testTarget(
            name: "EssentialFeedTests",
            dependencies: ["EssentialFeed"]
        ),
        .testTarget(
            name: "EssentialFeedInfrastructureTests",
            dependencies: [
                "EssentialFeed",
                "EssentialFeedInfrastructure",
                "LogRecording",
                "PostgresTestCluster",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                "UpgradeFixtures",
                "SQLiteSupport"
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HTTPServerHardeningTests",
            dependencies: [
                "HTTPServerHardening",
                "RawHTTPClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // Test support: a client that sends exactly the bytes it is given, as a hostile one would.
        .target(
            name: "RawHTTPClient",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio")
            ],
            path: "Tests/RawHTTPClient"
        ),
        // Test support: a throwaway PostgreSQL cluster, a new database for each test.
        .target(
            name: "PostgresTestCluster",
            path: "Tests/PostgresTestCluster"
        ),
        // Test support: a log handler that keeps what is logged, for tests that read the log.
        .target(
            name: "LogRecording",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Tests/LogRecording"
        ),
        .testTarget(
            name: "HTTPServerSupportTests",
            dependencies: [
                "HTTPServerSupport",
                "LogRecording",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        .testTarget(
            name: "FeedAPIServerTests",
            dependencies: [
                "PersonalArchives",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                "FeedAPIServer",
                "FeedAPIStorage",
                "FeedAPIPostgres",
                "PostgresSupport",
                "PostgresTestCluster",
                "ProgramVersion",
                "SQLiteSupport",
                "FeedAPIDemo",
                "FeedAPIAdministration",
                "HTTPServerSupport",
                "LogRecording",
                "RawHTTPClient",
                "MediaPipeline",
                "PhotoFixtures",
                "EssentialFeed",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                "UpgradeFixtures"
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "EssentialFeedWebUITests",
            dependencies: [
                "EssentialFeedWebUI",
                "EssentialFeed",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing")
            ],
            exclude: ["__Snapshots__"]
        ),
        // The built `essential-feed` program run as a process, as an operator runs it.
        .testTarget(
            name: "EndToEndTests",
            dependencies: []
        ),
        // Test support: the real feed API's router behind the app's HTTPClient, without a socket.
        .target(
            name: "InProcessFeedAPI",
            dependencies: [
                "PersonalArchives",
                "EssentialFeed",
                "FeedAPIServer",
                "FeedAPIStorage",
                "MediaPipeline",
                "PhotoFixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log")
            ],
            path: "Tests/InProcessFeedAPI"
        ),
        .testTarget(
            name: "EssentialAppTests",
            dependencies: [
                "InProcessFeedAPI",
                "QRCodes",
                "PhotoFixtures",
                "LogRecording",
                "RawHTTPClient",
                "HTTPServerSupport",
                "EssentialApp",
                "EssentialFeed",
                "EssentialFeedWebUI",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
