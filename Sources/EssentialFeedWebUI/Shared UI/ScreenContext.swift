import Foundation

/// What every screen is rendered for: the reader's locale and the document's language, the
/// app's assets, and who is logged in (`nil` on the screens shown before log-in).
struct ScreenContext {
    let locale: Locale
    let language: String
    var assets = WebAssetLinks()
    var account: SignedInAccount? = nil
}
