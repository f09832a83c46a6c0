/// The server answered that what was asked for does not exist (HTTP 404): not an outage,
/// and trying again will not bring it back.
public struct ResourceNotFoundError: Error, Equatable, Sendable {
    public init() {}
}
