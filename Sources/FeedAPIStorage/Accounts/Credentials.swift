/// A username as accounts are known by: 3 to 32 of `a–z 0–9 _ .`, compared without regard to
/// case (it is kept in lower case).
package struct Username: Hashable, Sendable, CustomStringConvertible {
    package let value: String

    /// ASCII only, checked before lower-casing: Unicode's lower case folds look-alikes (the
    /// Kelvin sign `K`) onto letters, and would let them name someone else's account.
    package init?(_ text: String) {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let lowered = text.lowercased()
        guard (3...32).contains(lowered.utf8.count),
            lowered.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            })
        else { return nil }
        value = lowered
    }

    package var description: String { value }
}

/// What a password must be to be set: long enough to resist guessing, and within bcrypt's
/// 72-byte input, which would otherwise silently ignore the rest.
package enum PasswordPolicy {
    package static let minimumCharacters = 10
    package static let maximumBytes = 72

    package enum Violation: Error, Equatable, CustomStringConvertible {
        case tooShort
        case tooLong
        case containsNUL

        package var description: String {
            switch self {
            case .tooShort: "The password must have at least \(PasswordPolicy.minimumCharacters) characters."
            case .tooLong: "The password must be at most \(PasswordPolicy.maximumBytes) bytes in UTF-8 (bcrypt reads no further)."
            case .containsNUL: "The password must not contain the NUL character (bcrypt stops reading there)."
            }
        }
    }

    package static func check(_ password: String) throws(Violation) {
        guard password.count >= minimumCharacters else { throw .tooShort }
        guard password.utf8.count <= maximumBytes else { throw .tooLong }
        guard !password.utf8.contains(0) else { throw .containsNUL }
    }

    /// Whether bcrypt can verify this password as given: longer input, or input it would
    /// read only up to a NUL, is refused, never cut.
    package static func isVerifiable(_ password: String) -> Bool {
        !password.isEmpty && password.utf8.count <= maximumBytes && !password.utf8.contains(0)
    }
}
