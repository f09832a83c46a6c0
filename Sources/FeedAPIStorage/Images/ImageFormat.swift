/// The image encodings the API serves, each with its media type and file extension.
package enum ImageFormat: String, Equatable, Sendable, CaseIterable {
    case png
    case jpeg

    package init?(contentType: String) {
        guard let format = Self.allCases.first(where: { $0.contentType == contentType }) else { return nil }
        self = format
    }

    package init?(fileExtension: Substring) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = format
    }

    package var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    package var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        }
    }
}
