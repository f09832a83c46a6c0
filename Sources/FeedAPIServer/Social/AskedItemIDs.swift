import Foundation
import Hummingbird

/// The posts a question about a page names: `?ids=A,B,…`, at most a page of the feed.
enum AskedItemIDs {
    static let maximum = 50

    static func `in`(_ request: Request) throws -> [UUID] {
        guard let asked = request.uri.queryParameters.get("ids") else {
            throw ProblemDetails.invalidQueryParameter("ids", detail: "the photos' ids, separated by commas, are needed.")
        }
        let texts = asked.split(separator: ",", omittingEmptySubsequences: false)
        guard texts.count <= maximum else {
            throw ProblemDetails.invalidQueryParameter("ids", detail: "at most \(maximum) ids.")
        }
        return try texts.map { text in
            guard let id = UUID(uuidString: String(text)) else {
                throw ProblemDetails.invalidQueryParameter("ids", detail: "expected UUIDs separated by commas.")
            }
            return id
        }
    }
}
