import ArgumentParser
import FeedAPIServer

extension RegistrationMode: ExpressibleByArgument {}

/// How people join the server this command runs.
struct RegistrationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Who may create an account: closed (only `accounts add`), invite (whoever holds an invitation from `invites create`), open (anyone, 5 accounts an hour per client address).",
            valueName: "mode"))
    var registration: RegistrationMode = .invite

    @Flag(help: "Members create invitations from their settings too.")
    var memberInvites = false

    var policy: RegistrationPolicy {
        RegistrationPolicy(mode: registration, memberInvites: memberInvites)
    }
}
