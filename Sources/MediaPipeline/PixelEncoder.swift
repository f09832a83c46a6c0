import CVips
import Foundation

/// Encodes pixels a program made itself (the demo's paintings) in any accepted format, so
/// they enter the feed through the same pipeline as a photo someone posted.
public enum PixelEncoder {
    /// `pixels`: 8-bit samples, `bands` per pixel (3 for RGB, 4 with alpha), row by row.
    public static func encode(
        _ pixels: [UInt8], width: Int, height: Int, bands: Int, as format: PhotoFormat,
        quality: Int = 90
    ) throws(PhotoProcessingError) -> Data {
        guard width > 0, height > 0, (1...4).contains(bands), pixels.count == width * height * bands else {
            throw .processingFailed(reason: "\(pixels.count) samples do not make a \(width)×\(height) image of \(bands) bands")
        }
        try VipsLibrary.start()
        guard let pointer = pixels.withUnsafeBytes({ ef_vips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands)) }) else {
            throw .processingFailed(reason: VipsLibrary.takeErrorMessage())
        }
        let image = VipsImageHandle(pointer)
        let encoded: Data? =
            switch format {
            case .jpeg: image.encoded { ef_vips_save_jpeg($0, Int32(quality), $1, $2) }
            case .png: image.encoded { ef_vips_save_png($0, $1, $2) }
            case .webp: image.encoded { ef_vips_save_webp($0, Int32(quality), $1, $2) }
            }
        guard let encoded else { throw .processingFailed(reason: VipsLibrary.takeErrorMessage()) }
        return encoded
    }
}
