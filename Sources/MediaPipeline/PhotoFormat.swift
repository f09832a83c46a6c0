/// The photo formats the pipeline accepts, told apart by their first bytes — never by a file
/// name or a declared content type, which a client chooses freely.
public enum PhotoFormat: String, CaseIterable, Sendable {
    case jpeg
    case png
    case webp

    public init?<Bytes: Collection<UInt8>>(sniffing bytes: Bytes) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        }
    }
}
