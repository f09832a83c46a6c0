import EssentialFeed
import Foundation
import Hummingbird

/// The language a screen is rendered in: the locale its texts and dates use, and the tag of
/// the document's `lang`.
struct ReaderLanguage: Sendable {
    let locale: Locale
    let tag: String
}

extension Request {
    /// Chosen from `Accept-Language` among the languages the app has.
    var readerLanguage: ReaderLanguage {
        let tag = LanguageNegotiation.language(forAcceptLanguage: headers[.acceptLanguage])
        return ReaderLanguage(locale: Locale(identifier: tag), tag: tag)
    }
}

extension AppRequestContext {
    /// The id in the path parameter `name`; anything but a UUID is an address the app does
    /// not have.
    func id(_ name: String = "id") throws -> UUID {
        try UUID(parameter: parameters.get(name), status: .notFound)
    }
}

extension UUID {
    /// `text` as a UUID, or the `status` a request with anything else gets.
    init(parameter text: String?, status: HTTPResponse.Status) throws {
        guard let text, let id = UUID(exactly: text) else { throw HTTPError(status) }
        self = id
    }
}
