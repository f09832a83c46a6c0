import Foundation

/// What the upgrade fixtures hold (see Tools/UpgradeFixturesGenerator), for the tests that
/// open them with today's program to find again.
public enum UpgradeFixture {
    public static let itemID = UUID(uuidString: "5E6F0C3A-7B1D-4C2E-9A8F-1D2C3B4A5F60")!
    public static let commentID = UUID(uuidString: "0B7A9C1E-2D3F-4A5B-8C6D-7E8F9A0B1C2D")!
    public static let newsLinkID = UUID(uuidString: "9C8B7A6F-5E4D-4C3B-AA19-0F1E2D3C4B5A")!
    public static let description = "Morning light over the river, from an earlier release"
    public static let location = "Lisbon, Portugal"
    public static let alt = "A river at dawn under a pale sky"
    public static let comment = "Still here after the upgrade?"
    public static let password = "ada's fixture password"
    public static let token = "fixture-token-for-ada"
    public static let newsTitle = "Fixture news"
    public static let newsHeadline = "A link kept across releases"
    public static let imageURL = "http://127.0.0.1:8081/essential-feed/v1/image/5E6F0C3A-7B1D-4C2E-9A8F-1D2C3B4A5F60/regular.jpg"
    public static let sessionKey = Data(repeating: 7, count: 32)
}
