/// The news as every database selects it: the same tables and columns on SQLite and
/// PostgreSQL, so each query is written once and told only the database's dialect.
package enum StoredNewsColumns {
    /// A news photo's columns (see `StoredPhotoColumns`).
    package static func photo(dialect: SQLDialect) -> String {
        StoredPhotoColumns.selection(
            of: "news_photo", renditionsTable: "news_photo_rendition", foreignKey: "news_photo_id", key: "id", dialect: dialect)
    }

    /// Every item of the list with its photo, to be followed by a `WHERE` or an `ORDER BY`.
    package static func items(dialect: SQLDialect) -> String {
        """
        SELECT news_item.id, news_item.kind, news_item.headline, news_item.teaser, news_item.url, news_item.advertiser,
            news_item.alt, news_item.created_at, news_item.updated_at, news_item.slot, \(photo(dialect: dialect))
        FROM news_item LEFT JOIN news_photo ON news_photo.id = news_item.photo_id
        """
    }
}
