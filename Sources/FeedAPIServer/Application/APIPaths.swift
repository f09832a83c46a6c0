/// The paths of the API, in one place so routes and the URLs in responses agree.
enum APIPaths {
    static let base = "/essential-feed"
    static let version1 = base + "/v1"
    static let feed = version1 + "/feed"
    static let images = version1 + "/images"
    static let me = version1 + "/me"
    static let avatar = version1 + "/me/avatar"
    static let password = version1 + "/me/password"
    static let twoFactors = version1 + "/me/totp"
    static let exportArchive = version1 + "/me/export/archive"
    static let importArchive = version1 + "/me/import"
    static let openAPIDocument = base + "/openapi.yaml"
}
