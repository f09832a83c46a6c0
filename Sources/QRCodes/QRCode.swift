import CQRencode

/// A QR code's modules, dark or light, row by row, made by libqrencode (byte mode, error
/// correction level M).
public struct QRCode: Equatable, Sendable {
    public let size: Int
    /// `size × size` flags, row after row: `true` for a dark module.
    public let modules: [Bool]

    /// The code of `text`; `nil` when it does not fit in a QR code (over 2,331 bytes at level M)
    /// or libqrencode could not make it.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 2_331 else { return nil }
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        size = width
        // The lowest bit of each byte is the module's colour; the others say what it is part of.
        modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }
}
