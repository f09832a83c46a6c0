import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// `GET /v1/me/hidden?ids=A,B,…`: which of these posts the token's account does not hear
/// from (their author muted by them, or in a block with them either way), so that a client
/// showing a page everyone shares — the public feed — leaves those out for this reader, as
/// the feed read with their token does.
struct SilencedPostsController<Context: AuthRequestContext<APISession>> {
    let social: any SocialGraph

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.get("me/hidden", use: hiddenAmong)
    }

    @Sendable func hiddenAmong(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let ids = try AskedItemIDs.in(request)
        let silenced = try await social.silencedItems(among: ids, for: account.id)
        return AskedItemIDs.answer("hidden", ids, among: silenced)
    }
}
