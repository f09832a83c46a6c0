import EssentialFeed

/// A comment's words quoted on a screen about it (its deletion, its report), and who wrote
/// them, so the person sees which comment they act on, and whose.
enum QuotedComment {
    static func html(_ words: String?, by author: User?) -> HTML {
        guard let words else { return .empty }
        let byline: HTML =
            author.map { "<p class=\"quoted-comment-author\">— \($0.name) <span class=\"author-handle\">@\($0.username)</span></p>\n" } ?? .empty
        return "<blockquote class=\"quoted-comment\">\(words)</blockquote>\n" + byline
    }
}
