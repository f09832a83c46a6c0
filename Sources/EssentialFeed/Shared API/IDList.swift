import Foundation

/// `{"<field>": ["<uuid>", …]}`: the answers that name some of the posts asked about.
enum IDList {
    static func decode(_ data: Data, field: String) -> Set<UUID>? {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let ids = root[field] as? [String] else { return nil }
        return Set(ids.compactMap(UUID.init(uuidString:)))
    }
}
