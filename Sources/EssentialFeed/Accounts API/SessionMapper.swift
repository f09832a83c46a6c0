import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The API's answer to a log-in.
public enum SessionMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The username and password do not match an account (which of the two is never told).
        case invalidCredentials
        /// Too many failed attempts for this username; `retryAfter` seconds when the API says.
        case tooManyAttempts(retryAfter: TimeInterval?)
        case invalidData
    }

    private struct Root: Decodable {
        let token: String
        let expiresAt: Date
        let user: UserMapper.RemoteUser

        private enum CodingKeys: String, CodingKey {
            case token, user
            case expiresAt = "expires_at"
        }
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Session {
        switch response.statusCode {
        case 201, 200:
            guard let root = try? APIDate.decoder.decode(Root.self, from: data), !root.token.isEmpty else { throw Error.invalidData }
            return Session(token: root.token, expiresAt: root.expiresAt, user: root.user.model)
        case 401:
            throw twoFactorRefusal(data, response) ?? Error.invalidCredentials
        case 403:
            throw refusal(data, response, among: [.accountSuspended]) ?? Error.invalidData
        case 429:
            throw Error.tooManyAttempts(retryAfter: retryAfter(response))
        case 507:
            throw InsufficientStorageError()
        default:
            throw Error.invalidData
        }
    }

    /// An account with two factors: the password was right, the code is missing or wrong.
    private static func twoFactorRefusal(_ data: Data, _ response: HTTPURLResponse) -> AccountRefusal? {
        refusal(data, response, among: [.totpRequired, .invalidTOTP])
    }

    private static func refusal(_ data: Data, _ response: HTTPURLResponse, among reasons: Set<AccountRefusal.Reason>) -> AccountRefusal? {
        do {
            try AccountSettingsMapper.checkSucceeded(data, response)
            return nil
        } catch let refusal as AccountRefusal where reasons.contains(refusal.reason) {
            return refusal
        } catch {
            return nil
        }
    }

    /// `Retry-After` in seconds; the HTTP-date form is left to the caller's default wait.
    private static func retryAfter(_ response: HTTPURLResponse) -> TimeInterval? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After"),
            let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return TimeInterval(seconds)
    }
}

/// The API's answer to "who is logged in".
public enum UserMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The token is missing, unknown, revoked or expired.
        case authenticationRequired
        case invalidData
    }

    struct RemoteUser: Decodable {
        let username: String
        let name: String
        let avatar: RemoteAvatar?

        var model: User { User(username: username, name: name, avatar: avatar?.model) }
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> User {
        switch response.statusCode {
        case 200:
            guard let user = try? JSONDecoder().decode(RemoteUser.self, from: data) else { throw Error.invalidData }
            return user.model
        case 401:
            throw Error.authenticationRequired
        default:
            throw Error.invalidData
        }
    }
}

/// The API's answer to a log-out. A token the API no longer knows is as logged out as can be.
public enum LogOutMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws {
        guard (200...299).contains(response.statusCode) || response.statusCode == 401 else { throw Error.invalidData }
    }
}
