/// Someone with an account: the handle they log in with, the name people see and, when they have one, their picture.
public struct User: Hashable, Sendable {
    public let username: String
    public let name: String
    public let avatar: Avatar?

    public init(username: String, name: String, avatar: Avatar? = nil) {
        self.username = username
        self.name = name
        self.avatar = avatar
    }
}
