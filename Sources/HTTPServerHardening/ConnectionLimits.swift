/// How long a connection may wait on its client, and how large a request head may be.
///
/// A server that keeps every slow or silent connection forever runs out of file
/// descriptors after a few hundred of them; one that accepts any head size lets one
/// request cost megabytes. These bounds close such connections and refuse such heads.
public struct ConnectionLimits: Sendable, Equatable {
    /// From the first byte of a request until its head is complete.
    public var headerReadTimeout: Duration
    /// Between requests (and before the first): a connection with nothing in progress.
    public var keepAliveTimeout: Duration
    /// While a request body is read or a response is written: nothing moves for this long.
    public var idleTimeout: Duration
    /// The largest single header line (name and value), in bytes.
    public var maxHeaderFieldSize: Int
    /// All header lines of one request together, in bytes.
    public var maxHeaderListSize: Int
    /// How many header lines one request may have.
    public var maxHeaderFieldCount: Int
    /// Connections served at once; more wait in the listen queue rather than fail, so one
    /// flood of sockets cannot take every file descriptor of the process.
    public var maxConnections: Int

    public init(
        headerReadTimeout: Duration = .seconds(10),
        keepAliveTimeout: Duration = .seconds(15),
        idleTimeout: Duration = .seconds(30),
        maxHeaderFieldSize: Int = 8 * 1024,
        maxHeaderListSize: Int = 32 * 1024,
        maxHeaderFieldCount: Int = 100,
        maxConnections: Int = 4_096
    ) {
        self.headerReadTimeout = headerReadTimeout
        self.keepAliveTimeout = keepAliveTimeout
        self.idleTimeout = idleTimeout
        self.maxHeaderFieldSize = maxHeaderFieldSize
        self.maxHeaderListSize = maxHeaderListSize
        self.maxHeaderFieldCount = maxHeaderFieldCount
        self.maxConnections = maxConnections
    }
}
