import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdAuth
import MediaPipeline
import NIOPosix

/// `PUT /v1/me/avatar`: the caller's picture, sent as a photo is posted (`multipart/form-data`,
/// its `file` part, the same limits), kept as its centre square in two sizes → 200 the
/// caller's profile. `DELETE /v1/me/avatar` → 204, the caller has no picture any more.
struct AvatarController<Context: AuthRequestContext<APISession>>: Sendable {
    let social: any SocialGraph
    let urls: PublicURLs
    let admission: UploadAdmission
    var processor = PhotoProcessor()
    var minimumRate = MinimumBodyRate()
    var threads: NIOThreadPool = PhotoProcessingThreads.shared

    /// The picture, plus room for the multipart framing.
    static var maximumBodySize: Int { PhotoUploadController<Context>.maximumBodySize }

    /// On a group behind `BearerTokenAuthenticator`.
    func addRoutes(to protected: RouterGroup<Context>) {
        protected.put("me/avatar", use: replace)
        protected.delete("me/avatar", use: remove)
    }

    @Sendable func replace(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let upload = try await PhotoForm.read(
            request, by: account.username.value, admission: admission, processor: processor, minimumRate: minimumRate, threads: threads
        ) { processor, file, deadline in
            try processor.processAvatar(file, deadline: deadline)
        }
        try await social.setAvatar(of: account.id, to: upload.processed)
        guard let profile = try await social.profile(named: account.username) else { throw ProblemDetails.unknownAccount }
        var writer = JSONWriter(capacity: 768)
        writer.object { ProfileFields.write(profile, urls: urls, to: &$0) }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: ResponseBody(byteBuffer: writer.buffer))
    }

    @Sendable func remove(_ request: Request, context: Context) async throws -> Response {
        try await social.setAvatar(of: try context.session().account.id, to: nil)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
