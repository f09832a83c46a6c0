/// Someone with an account: the handle they log in with and the name people see.
public struct User: Hashable, Sendable {
    public let username: String
    public let name: String

    public init(username: String, name: String) {
        self.username = username
        self.name = name
    }
}
