/// The 10,000 passwords people use most, in order of use (the `passwords` frequency list
/// of the zxcvbn project, MIT licence): the first any guesser tries.
enum CommonPasswords {
    private static let all: Set<String> = {
        guard let data = EmbeddedResources.data(atPath: "Accounts/common-passwords.txt") else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }()

    static var count: Int { all.count }

    /// Compared in lower case: the list is, and `Password1234` is no safer than `password1234`.
    static func contains(_ password: String) -> Bool {
        all.contains(password.lowercased())
    }
}
