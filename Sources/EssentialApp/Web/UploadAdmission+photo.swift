import HTTPServerSupport
import Hummingbird

extension UploadAdmission {
    /// Each upload in progress holds its photo in memory: beyond the places, people are asked
    /// to try again rather than the app growing without bound. One place per photo, a post's
    /// or a picture's alike.
    func admitPhoto(for session: ActiveSession) throws -> Ticket {
        switch admit(session.user.username.lowercased()) {
        case .success(let ticket):
            return ticket
        case .failure(.personAtLimit):
            throw HTTPError(
                .tooManyRequests, headers: [.retryAfter: "5", .connection: "close"],
                message: "You are posting photos already; wait for one to finish.")
        case .failure(.full):
            throw HTTPError(
                .serviceUnavailable, headers: [.retryAfter: "5", .connection: "close"],
                message: "Too many photos are being posted at once; try again in a moment.")
        }
    }
}
