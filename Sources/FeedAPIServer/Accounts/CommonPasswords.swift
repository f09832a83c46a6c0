import Foundation

/// The 10,000 passwords people use most, in order of use (the `passwords` frequency list
/// of the zxcvbn project, MIT licence): the first any guesser tries.
enum CommonPasswords {
    private static let all: Set<String> = {
        guard let data = EmbeddedResources.data(atPath: "Accounts/common-passwords.txt") else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }()

    static var count: Int { all.count }

    /// Whether the password is only the service's name or the person's own username, in any
    /// case and with any punctuation: a guesser's first tries for this account.
    static func isAbout(_ password: String, username: String?) -> Bool {
        let letters = String(password.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        let names = ["essentialfeed", "essentialfeeddemo"] + (username.map { [String($0.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })] } ?? [])
        return names.contains(letters)
    }

    /// Compared in lower case: the list is, and `Password1234` is no safer than `password1234`.
    static func contains(_ password: String) -> Bool {
        all.contains(password.lowercased())
    }
}
