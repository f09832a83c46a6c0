import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Joining, and what a forgotten password needs: no token.
public enum JoiningEndpoint: Sendable {
    case register(username: String, password: String, displayName: String?, invite: String?)
    /// Whether an invitation still lets someone join.
    case invitation(code: String)
    /// How people join the server.
    case registration
    case resetPassword(code: String, newPassword: String)

    public func request(baseURL: URL) throws -> URLRequest {
        switch self {
        case let .register(username, password, displayName, invite):
            try JSONRequest.make(
                "POST", url: baseURL.appending(path: "v1/accounts"),
                body: NewAccount(username: username, password: password, display_name: displayName, invite: invite))
        case let .invitation(code):
            JSONRequest.make("GET", url: baseURL.appending(path: "v1/invitations").appending(component: code))
        case .registration:
            JSONRequest.make("GET", url: baseURL.appending(path: "v1/registration"))
        case let .resetPassword(code, newPassword):
            try JSONRequest.make("POST", url: baseURL.appending(path: "v1/password-reset"), body: PasswordReset(code: code, new_password: newPassword))
        }
    }

    private struct NewAccount: Encodable {
        let username: String
        let password: String
        let display_name: String?
        let invite: String?
    }

    private struct PasswordReset: Encodable {
        let code: String
        let new_password: String
    }
}

/// Running one's own account: send these through an `AuthenticatedHTTPClient`.
public enum AccountSettingsEndpoint: Sendable {
    /// Who the token belongs to, with their account's settings.
    case me
    case changePassword(current: String, new: String)
    case sessions
    case endSession(id: String)
    case endAllSessions
    case beginTwoFactors
    case confirmTwoFactors(code: String)
    case endTwoFactors(password: String)
    case invitations
    case createInvitation(uses: Int, expiresInDays: Int)
    case withdrawInvitation(id: String)

    public func request(baseURL: URL) throws -> URLRequest {
        let me = baseURL.appending(path: "v1/me")
        switch self {
        case .me:
            return JSONRequest.make("GET", url: me)
        case let .changePassword(current, new):
            return try JSONRequest.make("PUT", url: me.appending(path: "password"), body: ["current_password": current, "new_password": new])
        case .sessions:
            return JSONRequest.make("GET", url: me.appending(path: "sessions"))
        case let .endSession(id):
            return JSONRequest.make("DELETE", url: me.appending(path: "sessions").appending(component: id))
        case .endAllSessions:
            return JSONRequest.make("DELETE", url: me.appending(path: "sessions"))
        case .beginTwoFactors:
            return JSONRequest.make("POST", url: me.appending(path: "totp"))
        case let .confirmTwoFactors(code):
            return try JSONRequest.make("POST", url: me.appending(path: "totp/confirm"), body: ["code": code])
        case let .endTwoFactors(password):
            return try JSONRequest.make("DELETE", url: me.appending(path: "totp"), body: ["password": password])
        case .invitations:
            return JSONRequest.make("GET", url: me.appending(path: "invitations"))
        case let .createInvitation(uses, days):
            return try JSONRequest.make("POST", url: me.appending(path: "invitations"), body: ["uses": uses, "expires_in_days": days])
        case let .withdrawInvitation(id):
            return JSONRequest.make("DELETE", url: me.appending(path: "invitations").appending(component: id))
        }
    }
}

extension SessionEndpoint {
    /// A log-in with the second factor of an account that has one: a current code of its
    /// authenticator app, or a recovery code.
    public static func logIn(username: String, password: String, code: String, baseURL: URL) throws -> URLRequest {
        try JSONRequest.make("POST", url: baseURL.appending(path: "v1/sessions"), body: ["username": username, "password": password, "code": code])
    }
}
