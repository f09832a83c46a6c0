/// The server answered `507`: it had no room to keep what was sent. Nothing was kept, and
/// sending it again later may work; it is neither a refusal of the content nor a lost
/// connection.
public struct InsufficientStorageError: Error, Equatable, Sendable {
    public init() {}
}
