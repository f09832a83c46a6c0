import Hummingbird

/// A strong entity tag, `"<opaque>"`, and the `If-None-Match` test against it.
struct EntityTag: Equatable, Sendable {
    /// The quoted form, as sent in `ETag`.
    let headerValue: String

    init(opaque: String) {
        headerValue = "\"\(opaque)\""
    }

    /// Whether `If-None-Match` says the client already holds this representation.
    ///
    /// `*` matches any representation that exists; otherwise a listed tag matches by the
    /// weak comparison RFC 9110 §13.1.2 asks for (a `W/` prefix on either side is ignored).
    func isMatched(byIfNoneMatch headers: HTTPFields) -> Bool {
        for fieldValue in headers[values: .ifNoneMatch] {
            for candidate in fieldValue.split(separator: ",") {
                var tag = candidate.trimmingSpaces
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                if tag == headerValue { return true }
            }
        }
        return false
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
