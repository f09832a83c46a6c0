/// No response could be obtained from the server: it is unreachable, the
/// connection dropped, or the request timed out.
public struct ConnectivityError: Error, Equatable, Sendable {
    public init() {}
}
