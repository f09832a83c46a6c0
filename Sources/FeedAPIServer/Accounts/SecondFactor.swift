import Crypto
import FeedAPIStorage
import Foundation

/// The second factor of a log-in: a current TOTP code, accepted once, or one of the
/// account's recovery codes, used up.
struct SecondFactor: Sendable {
    let accounts: any AccountStore

    enum Outcome: Equatable {
        /// The account has no second factor, or the code is good.
        case passed
        case missing
        case wrong
    }

    func check(_ code: String?, for account: Account, at date: Date) async throws -> Outcome {
        let state = try await accounts.twoFactorState(accountID: account.id)
        guard let secret = state.secret else { return .passed }
        // Apps show a code in two groups of three; people type it so.
        guard let code = code?.filter({ !$0.isWhitespace }), !code.isEmpty else { return .missing }
        if code.utf8.count == TOTP.digits {
            guard let step = TOTP(secret: secret).matchingStep(of: code, at: date) else { return .wrong }
            return try await accounts.useTOTPStep(step, accountID: account.id) ? .passed : .wrong
        }
        guard let hash = RecoveryCodes.hash(of: code) else { return .wrong }
        return try await accounts.useRecoveryCode(hash: hash, accountID: account.id) ? .passed : .wrong
    }
}

/// Ten single-use codes that log in when the phone is lost: 50 random bits each, written
/// `xxxxx-xxxxx` in lower-case base 32, kept as their SHA-256.
enum RecoveryCodes {
    static let count = 10

    static func make() -> [String] {
        (0..<count).map { _ in
            let letters = Base32.encode(TOTP.newSecret().prefix(7)).lowercased().prefix(10)
            return String(letters.prefix(5)) + "-" + String(letters.suffix(5))
        }
    }

    /// The hash a code is kept and looked up by: typed with or without its dash, in any case.
    static func hash(of code: String) -> Data? {
        let normalized = code.lowercased().filter { $0 != "-" && $0 != " " }
        guard normalized.count == 10, normalized.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x32...0x37).contains($0) }) else {
            return nil
        }
        return Data(SHA256.hash(data: Data(normalized.utf8)))
    }
}
