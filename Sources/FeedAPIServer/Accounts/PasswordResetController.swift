import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// A forgotten password, without e-mail: the operator hands out a single-use link
/// (`essential-feed accounts reset-password`); `POST /v1/password-reset` `{code,
/// new_password}` sets the password and ends every session of the account.
struct PasswordResetController<Context: AuthRequestContext<APISession>> {
    let accounts: any AccountStore
    let hasher: PasswordHasher
    let now: @Sendable () -> Date

    static var maximumBodySize: Int { 1_024 }
    static var linkLifetime: TimeInterval { 3_600 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("password-reset", use: reset)
    }

    @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONRequestBody.decode(PasswordResetBody.self, from: request, maximumBytes: Self.maximumBodySize)
        guard let codeHash = RegistrationController<Context>.codeHash(body.code) else { throw ProblemDetails.invalidResetLink }
        try NewAccountFields.password(body.newPassword)
        let passwordHash = try await hasher.hash(body.newPassword)
        guard try await accounts.resetPassword(tokenHash: codeHash, to: passwordHash, now: now()) != nil else {
            throw ProblemDetails.invalidResetLink
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}

struct PasswordResetBody: Decodable, Sendable {
    let code: String
    let newPassword: String

    enum CodingKeys: String, CodingKey {
        case code
        case newPassword = "new_password"
    }
}

extension ProblemDetails {
    static let invalidResetLink = ProblemDetails(
        type: "/essential-feed/problems/invalid-reset-link", title: "Invalid reset link", status: .forbidden,
        detail: "This link was used already, has expired or never existed; ask the operator for a new one.")
}
