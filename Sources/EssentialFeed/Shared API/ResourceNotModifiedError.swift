/// The server answered that the copy the client holds is still current (HTTP 304, to a
/// conditional request): not a failure, and there is no new body to read.
public struct ResourceNotModifiedError: Error, Equatable, Sendable {
    public init() {}
}
