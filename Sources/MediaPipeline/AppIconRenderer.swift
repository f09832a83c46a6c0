import CRsvg
import CVips
import Foundation

/// The app's icon as the PNGs installable web apps need, drawn from its one SVG source so
/// the two never disagree.
public enum AppIconRenderer {
    /// Launchers may crop a maskable icon to the circle of 80 % of its side. The icon's own
    /// square is the background colour at its edges, so only its drawing must stay inside:
    /// at 70 % of the side the drawing's farthest point is 34 % from the centre (under 40 %).
    private static let maskableDrawingShare = 0.7

    /// `size` × `size` pixels. `maskable`: the drawing shrunk into the safe zone on a square
    /// of `background`, with no transparency, for launchers that cut their own shape.
    public static func png(
        fromSVG svg: Data, size: Int, maskable: Bool = false, background: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255)
    ) throws(PhotoProcessingError) -> Data {
        guard size > 0, size <= 4_096, svg.count <= 1_000_000 else { throw .processingFailed(reason: "icon size out of range") }
        try VipsLibrary.start()
        let drawingSize = maskable ? Int((Double(size) * maskableDrawingShare).rounded()) : size
        let natural = try render(svg, scale: 1)
        let rendered = try render(svg, scale: Double(drawingSize) / Double(max(1, natural.width)))
        var image = rendered
        if maskable {
            let colour = (Double(background.red), Double(background.green), Double(background.blue))
            guard let filled = image.transformed({ ef_vips_centre_on_colour($0, Int32(size), colour.0, colour.1, colour.2, $1) }) else {
                throw .processingFailed(reason: VipsLibrary.takeErrorMessage())
            }
            image = filled
        }
        guard let png = image.transformed(ef_vips_cast_uchar)?.encoded(ef_vips_save_png) else {
            throw .processingFailed(reason: VipsLibrary.takeErrorMessage())
        }
        return png
    }

    private static func render(_ svg: Data, scale: Double) throws(PhotoProcessingError) -> VipsImageHandle {
        var width: Int32 = 0
        var height: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        let pixels = svg.withUnsafeBytes { ef_rsvg_render_rgba($0.baseAddress, $0.count, scale, 4_096, &width, &height, &message) }
        guard let pixels else {
            let reason = message.map { String(cString: $0) } ?? "the SVG could not be drawn"
            free(message)
            throw .unreadable(reason: reason)
        }
        defer { free(pixels) }
        let length = Int(width) * Int(height) * 4
        guard let image = ef_vips_image_from_pixels(pixels, length, width, height, 4) else {
            throw .processingFailed(reason: VipsLibrary.takeErrorMessage())
        }
        return VipsImageHandle(image)
    }
}
