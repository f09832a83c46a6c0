import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth
import PersonalArchives

/// `DELETE /v1/me` with `{password}`: the person leaves, and everything of theirs goes with them
/// (their exports and imports too); their username stays reserved for 30 days.
struct LeavingController<Context: AuthRequestContext<APISession>> {
    let removal: any AccountRemoval
    let gate: PasswordGate
    let archives: PersonalArchiveJobs?
    let now: @Sendable () -> Date

    static var maximumBodySize: Int { 4_096 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.delete("me", use: leave)
    }

    @Sendable func leave(_ request: Request, context: Context) async throws -> Response {
        let session = try context.session()
        let body = try await JSONRequestBody.decode(PasswordBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let date = now()
        let attempt: LogInAttempt
        do {
            (_, attempt) = try await gate.verified(
                username: session.account.username.value, password: body.password, request: request, context: context, at: date)
        } catch let problem as ProblemDetails where problem == .invalidCredentials {
            throw ProblemDetails.wrongPassword
        }
        try await gate.accounts.logInSucceeded(attempt)
        await archives?.removeEverything(of: session.account.id)
        guard
            try await removal.removeAccount(
                session.account.id, reservingUsernameUntil: ReservedUsernames.until(leavingAt: date), at: date)
        else { throw ProblemDetails(status: .unauthorized, detail: "The account is gone already.") }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
