import Foundation
import Hummingbird

/// The posts a question about a page names: `?ids=A,B,…`, at most a page of the feed.
enum AskedItemIDs {
    static let maximum = 50

    static func `in`(_ request: Request) throws -> [UUID] {
        let given = request.uri.queryParameters.getAll("ids")
        guard given.count <= 1 else { throw ProblemDetails.invalidQueryParameter("ids", detail: "given more than once.") }
        guard let asked = given.first else {
            throw ProblemDetails.invalidQueryParameter("ids", detail: "the photos' ids, separated by commas, are needed.")
        }
        let texts = asked.split(separator: ",", omittingEmptySubsequences: false)
        guard texts.count <= maximum else {
            throw ProblemDetails.invalidQueryParameter("ids", detail: "at most \(maximum) ids.")
        }
        return try texts.map { text in
            // 36 characters exactly: the C parser behind `UUID(uuidString:)` stops at a NUL.
            guard text.utf8.count == 36, let id = UUID(uuidString: String(text)) else {
                throw ProblemDetails.invalidQueryParameter("ids", detail: "expected UUIDs separated by commas.")
            }
            return id
        }
    }

    /// `{"<field>": [...]}`: those of the ids asked that are `among`, in the order asked.
    static func answer(_ field: StaticString, _ ids: [UUID], among: Set<UUID>) -> Response {
        var writer = JSONWriter(capacity: 32 + among.count * 40)
        writer.object { object in
            object.field(field, array: ids.filter(among.contains)) { writer, id in writer.string(id.uuidString) }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }
}
