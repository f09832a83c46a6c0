import HTTPTypes

extension HTTPField.Name {
    /// RFC 8288 web linking; HTTPTypes names no `Link` field itself.
    // "Link" is a valid field-name token, so this initializer cannot return nil.
    static let link = HTTPField.Name("Link")!
}
