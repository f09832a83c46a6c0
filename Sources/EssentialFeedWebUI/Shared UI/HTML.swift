/// A piece of markup. What is written in its literals is markup; what is interpolated into
/// them is text, escaped, unless it is itself `HTML`. So a value from a person, the API or a
/// translation cannot become markup by a forgotten call: there is no way to make `HTML` of
/// a `String` but to write it as a literal.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup as it is sent.
    public private(set) var rendered: String

    public static let empty = HTML(trusted: "")

    /// Markup made of other markup (`+`, `empty`).
    private init(trusted markup: String) {
        rendered = markup
    }

    public init(stringLiteral markup: String) {
        rendered = markup
    }

    public init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.rendered
    }

    public var description: String { rendered }

    public var isEmpty: Bool { rendered.isEmpty }

    public static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(trusted: lhs.rendered + rhs.rendered)
    }

    public static func += (lhs: inout HTML, rhs: HTML) {
        lhs.rendered += rhs.rendered
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ markup: String) {
            rendered += markup
        }

        /// Text: escaped for element content and quoted attribute values.
        public mutating func appendInterpolation(_ text: String) {
            rendered += text.htmlEscaped
        }

        /// Whole numbers: digits and a sign, nothing to escape.
        public mutating func appendInterpolation(_ number: Int) {
            rendered += String(number)
        }

        /// Numbers, flags and ids: written as text, escaped like any.
        public mutating func appendInterpolation<Value: LosslessStringConvertible>(_ value: Value) {
            rendered += value.description.htmlEscaped
        }

        /// Markup: written as it is.
        public mutating func appendInterpolation(_ html: HTML) {
            rendered += html.rendered
        }

        /// Markup that may be absent: nothing when it is.
        public mutating func appendInterpolation(_ html: HTML?) {
            rendered += html?.rendered ?? ""
        }
    }
}

extension Sequence<HTML> {
    func joined(separator: HTML = .empty) -> HTML {
        var result = HTML.empty
        var isFirst = true
        for piece in self {
            if !isFirst { result += separator }
            result += piece
            isFirst = false
        }
        return result
    }
}

/// ` hidden` when `isHidden`: the attribute an element carries while the screen's script
/// has yet to show it.
func hidden(_ isHidden: Bool) -> HTML {
    isHidden ? " hidden" : .empty
}
