import FeedAPIStorage
import Foundation

/// Someone in the demo feed: a handle that follows the username rules and the name people see.
struct DemoPerson: Equatable, Sendable {
    let username: String
    let name: String
}

/// The accounts of the demo data: the people who post the demo photos and comment on them
/// (no password logs in as them), and one account to log in with.
public enum DemoAccounts {
    /// The account to log in with on the demo data; the default run's log and the README give it.
    public static let logInUsername = "demo"
    public static let logInPassword = "essential-feed-demo"
    static let logInName = "Demo Reader"

    static let people: [DemoPerson] = [
        ("maria.silva", "Maria Silva"), ("joao.pedro", "João Pedro"), ("giorgos", "Γιώργος"),
        ("eleni_k", "Eleni K."), ("sakura", "さくら"), ("kenta", "健太"), ("carlos.mendes", "Carlos Mendes"),
        ("sofia.r", "Sofía R."), ("ana_luiza", "Ana Luiza"), ("nikos.p", "Νίκος Π."), ("yuki.tanaka", "Yuki Tanaka"),
        ("lucas_ferreira", "Lucas Ferreira"), ("dimitra", "Δήμητρα"), ("javier", "Javier"),
        ("emma.travels", "Emma"), ("oliver_w", "Oliver W."), ("chloe", "Chloé"), ("jonas.m", "Jonas M."),
        ("giulia", "Giulia"), ("minji", "민지"), ("ahmed", "أحمد"), ("olga", "Ольга"), ("priya.shots", "Priya"),
        ("sam", "Sam"), ("mateus", "Mateus"), ("katerina", "Κατερίνα"), ("takeshi", "たけし"),
        ("luisa.photo", "Luísa"), ("ben.carter", "Ben Carter"), ("aroha", "Aroha")
    ].map { DemoPerson(username: $0, name: $1) }
}

/// Creates the demo accounts a database lacks. Accounts that exist are left as they are, a
/// password changed since included.
struct DemoAccountsSeeder {
    let accounts: any AccountStore
    var hasher = PasswordHasher()

    /// - Returns: how many accounts it created.
    func createMissingAccounts(at date: Date) async throws -> Int {
        var created = 0
        for person in DemoAccounts.people {
            if try await createIfMissing(username: person.username, name: person.name, passwordHash: PasswordHasher.unusableHash, at: date) {
                created += 1
            }
        }
        if try await createIfMissing(username: DemoAccounts.logInUsername, name: DemoAccounts.logInName, passwordHash: nil, at: date) {
            created += 1
        }
        return created
    }

    /// Hashes the log-in password only when the account is missing: bcrypt is slow on purpose.
    private func createIfMissing(username text: String, name: String, passwordHash: String?, at date: Date) async throws -> Bool {
        guard let username = Username(text) else { throw InvalidDemoUsername(username: text) }
        guard try await accounts.account(named: username) == nil else { return false }
        let hash: String
        if let passwordHash {
            hash = passwordHash
        } else {
            hash = try await hasher.hash(DemoAccounts.logInPassword)
        }
        do {
            _ = try await accounts.createAccount(username: username, name: name, passwordHash: hash, createdAt: date)
            return true
        } catch AccountStoreError.usernameTaken {
            return false
        }
    }

    struct InvalidDemoUsername: Error, Equatable {
        let username: String
    }
}
