/// The database refused a write for want of disk space: the request is refused (`507`) and
/// nothing it wrote is kept; reads go on.
package struct StorageFull: Error, CustomStringConvertible {
    package let message: String

    package init(message: String) {
        self.message = message
    }

    package var description: String { "The disk is full: \(message)" }
}
