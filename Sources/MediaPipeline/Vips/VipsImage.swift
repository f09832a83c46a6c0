import CVips
import Foundation

/// libvips, started once per process.
enum VipsLibrary {
    private static let started: Result<Void, PhotoProcessingError> = {
        guard ef_vips_start("essential-feed") == 0 else {
            return .failure(.processingFailed(reason: "libvips did not start: \(takeErrorMessage())"))
        }
        return .success(())
    }()

    static func start() throws(PhotoProcessingError) {
        try started.get()
    }

    /// The text of libvips's last failure, which it keeps until cleared.
    static func takeErrorMessage() -> String {
        let message = vips_error_buffer().map { String(cString: $0) } ?? ""
        vips_error_clear()
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.isEmpty ? "unknown libvips error" : lines.joined(separator: "; ")
    }
}

/// One libvips image, released when the last reference goes.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(_ pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        ef_vips_unref(pointer)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    /// Whether the EXIF orientation turns the image a quarter, so its width and height swap.
    var orientationSwapsSides: Bool { vips_image_get_orientation_swap(pointer) != 0 }

    /// Runs a libvips operation that makes a new image from this one.
    func transformed(_ operation: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32) -> VipsImageHandle? {
        var output: UnsafeMutablePointer<VipsImage>?
        guard operation(pointer, &output) == 0, let output else { return nil }
        return VipsImageHandle(output)
    }

    /// Runs a libvips encoder and copies what it wrote.
    func encoded(_ encoder: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>) -> Int32) -> Data? {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard encoder(pointer, &bytes, &length) == 0, let bytes else { return nil }
        defer { g_free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// Decodes every pixel into memory the caller owns.
    func pixels() -> [UInt8]? {
        var length = 0
        guard let memory = vips_image_write_to_memory(pointer, &length) else { return nil }
        defer { g_free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: length))
    }
}
