/// Why a username or a password cannot be an account's.
public enum NewAccountError: Error, Equatable, Sendable {
    case usernameLength
    /// Anything but `a–z`, `0–9` and `_`.
    case usernameCharacters
    /// A name the service keeps for its own pages and roles.
    case usernameReserved
    case passwordTooShort
    /// Longer than bcrypt reads (it would ignore the rest).
    case passwordTooLong
    /// Has a NUL character, where bcrypt would stop reading.
    case passwordUnreadable
    /// Among the passwords people use most: the first a guesser tries.
    case passwordCommon
    /// Made to look long without being so: one character repeated, a run such as
    /// `0123456789`, or nothing visible at all.
    case passwordGuessable
}

/// What a new account's username and password must be, wherever it is checked — the app
/// as the person types, the API before it creates the account.
public enum NewAccountRules {
    public static let usernameLength = 3...30
    public static let minimumPasswordCharacters = 10
    public static let maximumPasswordBytes = 72

    /// The paths of the app and roles someone could pose as.
    public static let reservedUsernames: Set<String> = [
        "about", "account", "accounts", "admin", "administrator", "api", "app", "assets", "auth", "blog", "contact", "essential_feed",
        "explore", "feed", "followers", "following", "fragments", "help", "home", "images", "invite", "invites", "join", "login",
        "logout", "me", "moderator", "news", "notifications", "offline", "official", "people", "photo", "photos", "post", "privacy",
        "profile", "register", "reset", "root", "search", "security", "settings", "signin", "signup", "staff", "static", "support",
        "system", "terms", "timeline", "www"
    ]

    /// The username as it is kept (lower case), or why it cannot be one.
    public static func username(_ text: String) throws(NewAccountError) -> String {
        let bytes = Array(text.utf8)
        guard usernameLength.contains(bytes.count) else { throw .usernameLength }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): lowered.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): lowered.append(byte + 32)
            default: throw .usernameCharacters
            }
        }
        let username = String(decoding: lowered, as: UTF8.self)
        guard !reservedUsernames.contains(username) else { throw .usernameReserved }
        return username
    }

    /// Whether `password` is long enough and whole to bcrypt; whether it is common is the
    /// API's to say (it holds the list).
    public static func password(_ password: String) throws(NewAccountError) {
        guard password.count >= minimumPasswordCharacters else { throw .passwordTooShort }
        guard password.utf8.count <= maximumPasswordBytes else { throw .passwordTooLong }
        guard !password.utf8.contains(0) else { throw .passwordUnreadable }
        guard !isGuessable(Array(password.unicodeScalars)) else { throw .passwordGuessable }
    }

    private static func isGuessable(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.contains(where: VisibleText.isVisible) else { return true }
        guard let first = scalars.first, scalars.contains(where: { $0 != first }) else { return true }
        // A run up or down the alphabet or the digits: abcdefghij, 9876543210.
        let steps = zip(scalars, scalars.dropFirst()).map { Int($1.value) - Int($0.value) }
        return Set(steps).count == 1 && abs(steps[0]) == 1
    }
}
