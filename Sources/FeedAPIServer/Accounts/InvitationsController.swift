import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// A member's invitations, when the server lets members invite: `POST /v1/me/invitations`
/// creates one (its code answered once), `GET` lists them, `DELETE …/{id}` withdraws one.
struct InvitationsController<Context: AuthRequestContext<APISession>> {
    let accounts: any AccountStore
    let policy: RegistrationPolicy
    let now: @Sendable () -> Date

    static var maximumBodySize: Int { 1_024 }
    static var uses: ClosedRange<Int> { 1...100 }
    static var expiryDays: ClosedRange<Int> { 1...30 }
    /// Invitations a member may hold at once; withdrawn or used up, they still count until removed.
    static var maximumPerMember: Int { 50 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.post("me/invitations", use: create)
        protected.get("me/invitations", use: list)
        protected.delete("me/invitations/{id}", use: remove)
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let account = try allowedMember(context)
        let body = try await JSONRequestBody.decode(NewInvitationBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let uses = body.uses ?? 1
        let days = body.expiresInDays ?? 7
        guard Self.uses.contains(uses), Self.expiryDays.contains(days) else {
            throw ProblemDetails.invalidNewAccount(
                "invalid-invitation",
                "`uses` must be \(Self.uses.lowerBound) to \(Self.uses.upperBound), `expires_in_days` \(Self.expiryDays.lowerBound) to \(Self.expiryDays.upperBound).")
        }
        let date = now()
        let created = IssuedInvitation.make(createdBy: account.id, at: date, uses: uses, expiresAt: date.addingTimeInterval(TimeInterval(days) * 86_400))
        guard try await accounts.addInvitation(created.invitation, maximumHeld: Self.maximumPerMember) else { throw ProblemDetails.tooManyInvitations }
        var writer = JSONWriter(capacity: 256)
        writer.object { object in
            object.field("id", created.invitation.id)
            object.field("code", created.code)
            object.field("uses", uses)
            if let expiresAt = created.invitation.expiresAt { object.field("expires_at", APIDateFormat.string(from: expiresAt)) }
        }
        return SessionIssuer.json(writer.buffer, status: .created)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let account = try allowedMember(context)
        let invitations = try await accounts.invitations(createdBy: account.id)
        let date = now()
        var writer = JSONWriter(capacity: 128 + invitations.count * 192)
        writer.object { object in
            object.field("items", array: invitations) { item, invitation in
                item.object { fields in
                    fields.field("id", invitation.id)
                    fields.field("created_at", APIDateFormat.string(from: invitation.createdAt))
                    if let expiresAt = invitation.expiresAt { fields.field("expires_at", APIDateFormat.string(from: expiresAt)) }
                    fields.field("uses", invitation.usesAllowed)
                    fields.field("used", invitation.uses)
                    fields.field("usable", invitation.refusal(at: date) == nil)
                }
            }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func remove(_ request: Request, context: Context) async throws -> Response {
        let account = try allowedMember(context)
        let id = context.parameters.get("id") ?? ""
        guard TokenSessionID.isWellFormed(id), try await accounts.removeInvitation(id: id, createdBy: account.id) else {
            throw ProblemDetails.unknownInvitation
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    private func allowedMember(_ context: Context) throws -> Account {
        let account = try context.session().account
        guard policy.memberInvites, policy.mode != .closed else { throw ProblemDetails.memberInvitesOff }
        return account
    }
}

struct NewInvitationBody: Decodable, Sendable {
    var uses: Int? = nil
    var expiresInDays: Int? = nil

    enum CodingKeys: String, CodingKey {
        case uses
        case expiresInDays = "expires_in_days"
    }
}

extension ProblemDetails {
    static let memberInvitesOff = ProblemDetails(
        type: "/essential-feed/problems/member-invites-off", title: "Member invitations off", status: .forbidden,
        detail: "On this server only the operator creates invitations.")

    static let unknownInvitation = ProblemDetails(
        type: "/essential-feed/problems/unknown-invitation", title: "Unknown invitation", status: .notFound,
        detail: "You have no invitation of this id (it may have been withdrawn already).")

    static let tooManyInvitations = ProblemDetails(
        type: "/essential-feed/problems/too-many-invitations", title: "Too many invitations", status: .conflict,
        detail: "You hold as many invitations as a member may; withdraw some first.")
}
