/// A comment's words quoted on a screen about it (its deletion, its report), so the person
/// sees which comment they act on.
enum QuotedComment {
    static func html(_ words: String?) -> HTML {
        guard let words else { return .empty }
        return "<blockquote class=\"quoted-comment\">\(words)</blockquote>\n"
    }
}
