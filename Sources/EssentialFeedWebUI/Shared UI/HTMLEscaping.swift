extension String {
    /// The text made safe to place in HTML element content and in quoted attribute values.
    var htmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension DefaultStringInterpolation {
    /// `"\(escaping: text)"` writes the text HTML-escaped; every piece of text that is
    /// not the view's own markup goes through it.
    mutating func appendInterpolation(escaping text: String) {
        appendLiteral(text.htmlEscaped)
    }
}
