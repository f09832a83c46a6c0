/// A `Content-Security-Policy` as a list of directives, each a name and its sources, written
/// in the order given: a screen that needs one more source adds it to its directive instead
/// of editing the header's text.
struct ContentSecurityPolicy: Equatable, Sendable {
    let directives: [(name: String, sources: [String])]
    /// Written once: every response carries it.
    let headerValue: String

    init(directives: [(name: String, sources: [String])]) {
        self.directives = directives
        headerValue = directives.map { ([$0.name] + $0.sources).joined(separator: " ") }.joined(separator: "; ")
    }

    /// Every response's policy: nothing inline, nothing from another origin, forms post only
    /// to the app, no framing. Text from the API can never run as code even if it slipped
    /// through escaping.
    static let app = ContentSecurityPolicy(directives: [
        ("default-src", ["'self'"]),
        ("img-src", ["'self'"]),
        ("script-src", ["'self'"]),
        ("style-src", ["'self'"]),
        ("object-src", ["'none'"]),
        ("base-uri", ["'none'"]),
        ("form-action", ["'self'"]),
        ("frame-ancestors", ["'none'"])
    ])

    /// The same policy with `source` added to the directive `name` (which it must have).
    func adding(_ source: String, to name: String) -> ContentSecurityPolicy {
        ContentSecurityPolicy(
            directives: directives.map { directive in
                directive.name == name ? (directive.name, directive.sources + [source]) : directive
            })
    }

    static func == (lhs: ContentSecurityPolicy, rhs: ContentSecurityPolicy) -> Bool {
        lhs.headerValue == rhs.headerValue
    }
}
