import Foundation
import Hummingbird

/// The app's two cookies: the session, and the nonce the log-in form's CSRF token is made
/// from before anyone is logged in. Both `HttpOnly`, `SameSite=Lax`, `Path=/`; behind an
/// HTTPS public address also `Secure` and `__Host-` prefixed, so no other host can set them.
struct SessionCookies: Sendable {
    static let sessionLifetime: TimeInterval = 30 * 24 * 60 * 60
    static let logInNonceLifetime = 24 * 60 * 60

    let isSecure: Bool

    var sessionName: String { (isSecure ? "__Host-" : "") + "ef_session" }
    var logInNonceName: String { (isSecure ? "__Host-" : "") + "ef_log_in" }

    func session(_ id: String, maxAge: Int) -> Cookie {
        cookie(sessionName, value: id, maxAge: maxAge)
    }

    func expiredSession() -> Cookie {
        cookie(sessionName, value: "", maxAge: 0)
    }

    func logInNonce(_ value: String) -> Cookie {
        cookie(logInNonceName, value: value, maxAge: Self.logInNonceLifetime)
    }

    func expiredLogInNonce() -> Cookie {
        cookie(logInNonceName, value: "", maxAge: 0)
    }

    private func cookie(_ name: String, value: String, maxAge: Int) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: isSecure, httpOnly: true, sameSite: .lax)
    }
}
