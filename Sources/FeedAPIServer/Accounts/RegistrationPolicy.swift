import FeedAPIStorage

/// Who may create an account on this server.
public enum RegistrationMode: String, Sendable, CaseIterable {
    /// Only the operator (`essential-feed accounts add`).
    case closed
    /// Whoever holds an invitation.
    case invite
    /// Anyone, a few accounts an hour from one client address.
    case open
}

/// How people join: the mode, whether members invite others, and the open mode's pace.
public struct RegistrationPolicy: Sendable {
    public var mode: RegistrationMode
    /// Members create invitations from their settings (the operator always can).
    public var memberInvites: Bool
    var limit = RegistrationLimit()

    public init(mode: RegistrationMode = .invite, memberInvites: Bool = false) {
        self.mode = mode
        self.memberInvites = memberInvites
    }
}
