public struct ResourceErrorViewModel: Hashable, Sendable {
    public let message: String?
    /// The server said the content does not exist: trying again will not help, going back will.
    public let isNotFound: Bool

    public init(message: String?, isNotFound: Bool = false) {
        self.message = message
        self.isNotFound = isNotFound
    }

    public static var noError: ResourceErrorViewModel {
        ResourceErrorViewModel(message: nil)
    }

    public static func error(message: String) -> ResourceErrorViewModel {
        ResourceErrorViewModel(message: message)
    }

    public static func notFound(message: String) -> ResourceErrorViewModel {
        ResourceErrorViewModel(message: message, isNotFound: true)
    }
}
