import EssentialFeed
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Joining, a forgotten password, and one's own account at the API. The browser's address
/// and description travel with what opens a session: the API throttles by the one and lists
/// sessions by the other.
struct AccountSettingsService: Sendable {
    let httpClient: any HTTPClient
    let baseURL: URL

    /// Who is asking, as the API should know them.
    struct Browser: Sendable {
        let address: String
        let description: String

        init(address: String, description: String = "") {
            self.address = address
            self.description = description
        }
    }

    func register(username: String, password: String, displayName: String?, invite: String?, from browser: Browser) async throws -> Session {
        var request = try JoiningEndpoint.register(username: username, password: password, displayName: displayName, invite: invite)
            .request(baseURL: baseURL)
        Self.identify(&request, as: browser)
        let (data, response) = try await httpClient.send(request)
        return try AccountSettingsMapper.session(data, from: response)
    }

    func logIn(username: String, password: String, code: String, from browser: Browser) async throws -> Session {
        var request = try SessionEndpoint.logIn(username: username, password: password, code: code, baseURL: baseURL)
        Self.identify(&request, as: browser)
        let (data, response) = try await httpClient.send(request)
        return try SessionMapper.map(data, from: response)
    }

    /// Throws the refusal when the invitation lets nobody in.
    func checkInvitation(_ code: String) async throws {
        let (data, response) = try await httpClient.send(try JoiningEndpoint.invitation(code: code).request(baseURL: baseURL))
        _ = try AccountSettingsMapper.invitationUsesLeft(data, from: response)
    }

    func registrationMode() async throws -> String {
        let (data, response) = try await httpClient.send(try JoiningEndpoint.registration.request(baseURL: baseURL))
        return try AccountSettingsMapper.registrationMode(data, from: response)
    }

    func resetPassword(code: String, newPassword: String) async throws {
        let (data, response) = try await httpClient.send(try JoiningEndpoint.resetPassword(code: code, newPassword: newPassword).request(baseURL: baseURL))
        try AccountSettingsMapper.done(data, from: response)
    }

    // MARK: - As the person

    func status(token: String) async throws -> AccountStatus {
        try await send(.me, token: token, AccountSettingsMapper.status)
    }

    /// Locks or unlocks the account, and sets the visibility of new posts.
    func updatePrivacy(isLocked: Bool, defaultVisibility: FeedImageVisibility, token: String) async throws {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(
            try PrivacyEndpoint.update(isLocked: isLocked, defaultVisibility: defaultVisibility).request(baseURL: baseURL))
        try AccountSettingsMapper.done(data, from: response)
    }

    func sessions(token: String) async throws -> [AccountSession] {
        try await send(.sessions, token: token, AccountSettingsMapper.sessions)
    }

    func invitations(token: String) async throws -> [MemberInvitation] {
        try await send(.invitations, token: token, AccountSettingsMapper.invitations)
    }

    func perform(_ endpoint: AccountSettingsEndpoint, token: String) async throws {
        try await send(endpoint, token: token, AccountSettingsMapper.done)
    }

    func beginTwoFactors(token: String) async throws -> TwoFactorSetup {
        try await send(.beginTwoFactors, token: token, AccountSettingsMapper.twoFactorSetup)
    }

    func confirmTwoFactors(code: String, token: String) async throws -> [String] {
        try await send(.confirmTwoFactors(code: code), token: token, AccountSettingsMapper.recoveryCodes)
    }

    func createInvitation(uses: Int, days: Int, token: String) async throws -> String {
        try await send(.createInvitation(uses: uses, expiresInDays: days), token: token, AccountSettingsMapper.createdInvitationCode)
    }

    private func send<Result>(
        _ endpoint: AccountSettingsEndpoint, token: String, _ map: (Data, HTTPURLResponse) throws -> Result
    ) async throws -> Result {
        let client = AuthenticatedHTTPClient(decoratee: httpClient, token: token)
        let (data, response) = try await client.send(try endpoint.request(baseURL: baseURL))
        return try map(data, response)
    }

    static func identify(_ request: inout URLRequest, as browser: Browser) {
        request.setValue(browser.address, forHTTPHeaderField: "X-Forwarded-For")
        if !browser.description.isEmpty { request.setValue(String(browser.description.prefix(256)), forHTTPHeaderField: "User-Agent") }
    }
}
