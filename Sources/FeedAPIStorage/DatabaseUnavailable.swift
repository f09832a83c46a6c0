/// The database did not answer in time, or could not be reached: the request is refused
/// at once (`503`) rather than left waiting, and the next one may find it back.
package struct DatabaseUnavailable: Error, CustomStringConvertible {
    package let reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { "The database is unavailable: \(reason)" }
}
