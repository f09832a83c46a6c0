import Foundation
import PostgresNIO

/// A `postgres://` URL as the connection pool's configuration.
public struct PostgresURL: Sendable {
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public let configuration: PostgresClient.Configuration

    /// The configuration of a pool of at most `poolSize` connections that gives up opening
    /// one after 5 s (the pool tries again later).
    public func configuration(poolSize: Int) -> PostgresClient.Configuration {
        var configuration = configuration
        configuration.options.maximumConnections = poolSize
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// The password is `password` when given, else the URL's, else `PGPASSWORD` from
    /// `environment`: a URL on a command line is visible to every user of the machine (`ps`).
    public init(_ text: String, password: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text), let host = components.host, !host.isEmpty
        else { throw Invalid(description: "\(text) is not a postgres://USER:PASSWORD@HOST:PORT/DATABASE URL") }
        guard let user = components.user, !user.isEmpty else { throw Invalid(description: "the PostgreSQL URL names no user") }
        let database = components.path.split(separator: "/").first.map(String.init)
        guard let database, !database.isEmpty else { throw Invalid(description: "the PostgreSQL URL names no database") }
        let tls: PostgresClient.Configuration.TLS
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable" {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require": tls = .require(.makeClientConfiguration())
        case let mode: throw Invalid(description: "sslmode \(mode) is not one of disable, prefer and require")
        }
        configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user,
            password: password ?? components.password ?? environment["PGPASSWORD"], database: database, tls: tls)
    }
}
