import BlurHash
import CVips
import Foundation

/// Turns the bytes of an uploaded photo into what the feed serves: the checks come first
/// (size, format, decoded pixels from the header), then each rendition is decoded as small as
/// its size allows, turned upright, converted to sRGB, and encoded without metadata.
///
/// Synchronous and CPU-bound: call it off any event loop. Safe to call from several threads.
public struct PhotoProcessor: Sendable {
    public let limits: PhotoLimits
    /// The JPEG quality of every rendition (1–100).
    public let jpegQuality: Int

    public init(limits: PhotoLimits = .standard, jpegQuality: Int = 82) {
        self.limits = limits
        self.jpegQuality = max(1, min(100, jpegQuality))
    }

    /// Fails with `tookTooLong` once `deadline` has passed (by default, the limits' time from
    /// now), checked before decoding and between renditions. Decoding itself runs to its end:
    /// `inspect` has bounded its work before it starts.
    public func process(_ bytes: Data, deadline: ProcessingDeadline? = nil) throws(PhotoProcessingError) -> ProcessedPhoto {
        let deadline = deadline ?? ProcessingDeadline(after: limits.maximumProcessingTime)
        if deadline.hasPassed { throw .tookTooLong(limit: limits.maximumProcessingTime) }
        let header = try inspect(bytes)
        // The file is decoded once, at the largest size kept: decoding a JPEG again costs its
        // whole entropy decoding however small the result, so the smaller renditions and the
        // preview are shrunk from these pixels.
        let fullBox = Rendition.full.boundingBox
        let decoded = try uprightSRGB(bytes, fittingWidth: fullBox.width, height: fullBox.height)
        guard let largest = ef_vips_copy_memory(decoded.pointer).map(VipsImageHandle.init) else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        var renditions = [Rendition: EncodedRendition]()
        for rendition in Rendition.allCases {
            if deadline.hasPassed { throw .tookTooLong(limit: limits.maximumProcessingTime) }
            renditions[rendition] = try jpegRendition(
                of: try resized(largest, to: Self.size(of: (header.width, header.height), fitting: rendition.boundingBox)))
        }
        let placeholder = try placeholder(of: largest, componentsX: 4, componentsY: 3)
        return ProcessedPhoto(
            width: header.width, height: header.height, averageColor: placeholder.averageColor, blurHash: placeholder.blurHash,
            renditions: renditions)
    }

    /// `image` as a rendition: a metadata-free JPEG at the processor's quality.
    func jpegRendition(of image: VipsImageHandle) throws(PhotoProcessingError) -> EncodedRendition {
        guard let jpeg = image.encoded({ ef_vips_save_jpeg($0, Int32(jpegQuality), $1, $2) }) else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        return EncodedRendition(width: image.width, height: image.height, mediaType: "image/jpeg", bytes: jpeg)
    }

    /// What stands in for the image while it loads: its BlurHash and average colour (`#RRGGBB`).
    func placeholder(
        of largest: VipsImageHandle, componentsX: Int, componentsY: Int
    ) throws(PhotoProcessingError) -> (blurHash: String, averageColor: String) {
        let preview = try previewPixels(of: largest)
        do {
            return (try BlurHash.encode(preview, componentsX: componentsX, componentsY: componentsY), BlurHash.averageColor(of: preview).hex)
        } catch {
            throw .processingFailed(reason: "BlurHash: \(error)")
        }
    }

    /// The photo's upright size, after the checks that need no decoding: bytes, format, and
    /// the pixel count its header promises.
    public func inspect(_ bytes: Data) throws(PhotoProcessingError) -> (format: PhotoFormat, width: Int, height: Int) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= limits.maximumBytes else {
            throw .tooManyBytes(count: bytes.count, limit: limits.maximumBytes)
        }
        guard let format = PhotoFormat(sniffing: bytes) else { throw .unsupportedFormat }
        try VipsLibrary.start()
        guard let pointer = bytes.withUnsafeBytes({ ef_vips_header($0.baseAddress, $0.count) }) else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        let header = VipsImageHandle(pointer)
        let (width, height) = (header.width, header.height)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= limits.maximumPixels else {
            throw .tooManyPixels(width: width, height: height, limit: limits.maximumPixels)
        }
        if format == .jpeg {
            try checkDecodingCost(of: bytes)
        }
        return header.orientationSwapsSides ? (format, height, width) : (format, width, height)
    }

    /// Refuses a JPEG whose scans would cost more passes, work or memory than the limits.
    private func checkDecodingCost(of bytes: Data) throws(PhotoProcessingError) {
        let structure = bytes.withUnsafeBytes { JPEGStructure(scanning: $0) }
        if let detail = Self.decodingCostRefusal(of: structure, limits: limits) { throw .tooCostlyToDecode(detail: detail) }
    }

    /// Why decoding a JPEG of this structure would cost too much, in words for whoever sent it;
    /// `nil` when it would not.
    static func decodingCostRefusal(of structure: JPEGStructure, limits: PhotoLimits) -> String? {
        let (scanPixels, overflow) = structure.scanCount.multipliedReportingOverflow(by: structure.width * structure.height)
        if structure.scanCount > limits.maximumJPEGScans {
            return "The JPEG asks for \(structure.scanCount) passes over the image; at most \(limits.maximumJPEGScans) are decoded. Save it again as a standard JPEG."
        }
        if overflow || scanPixels > limits.maximumJPEGScanPixels {
            return "The JPEG asks for \(structure.scanCount) passes over its \(structure.width) × \(structure.height) pixels, more work than a photo may take. Save it again as a standard JPEG."
        }
        // A file of several scans (progressive, or baseline with a scan per component) is
        // decoded into coefficients for the whole image before any pixel comes out.
        if structure.isProgressive || structure.scanCount > 1, structure.coefficientBytes > limits.maximumJPEGCoefficientBytes {
            return
                "A JPEG of several scans of \(structure.width) × \(structure.height) pixels needs \(structure.coefficientBytes / 1_000_000) MB to decode; at most \(limits.maximumJPEGCoefficientBytes / 1_000_000) MB are taken. Save it again as a standard JPEG, or smaller."
        }
        return nil
    }

    /// The pixels BlurHash and the average colour are computed from: the photo fitted in
    /// 32 × 32, plenty for 4 × 3 components.
    private func previewPixels(of largest: VipsImageHandle) throws(PhotoProcessingError) -> RGBPixels {
        let image = try resized(largest, to: Self.size(of: (largest.width, largest.height), fitting: (32, 32)))
        guard let pixels = image.pixels(), let preview = RGBPixels(width: image.width, height: image.height, bytes: pixels) else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        return preview
    }

    /// The size a photo of `original` size takes in `box`: the aspect ratio kept (from the
    /// original, so every rendition rounds the same way), never enlarged.
    static func size(of original: (width: Int, height: Int), fitting box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let scale = min(1, Double(box.width) / Double(original.width), Double(box.height) / Double(original.height))
        return (max(1, Int((Double(original.width) * scale).rounded())), max(1, Int((Double(original.height) * scale).rounded())))
    }

    func resized(_ image: VipsImageHandle, to size: (width: Int, height: Int)) throws(PhotoProcessingError) -> VipsImageHandle {
        guard size != (image.width, image.height) else { return image }
        guard let resized = image.transformed({ ef_vips_thumbnail_image($0, Int32(size.width), Int32(size.height), $1) }) else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        return resized
    }

    /// Three 8-bit sRGB bands, upright, shrunk to fit the box; transparency over white.
    func uprightSRGB(_ bytes: Data, fittingWidth width: Int, height: Int) throws(PhotoProcessingError) -> VipsImageHandle {
        let thumbnail = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> VipsImageHandle? in
            var output: UnsafeMutablePointer<VipsImage>?
            guard ef_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(width), Int32(height), &output) == 0,
                let output
            else { return nil }
            return VipsImageHandle(output)
        }
        guard let thumbnail,
            let sRGB = thumbnail.transformed({ ef_vips_colourspace_srgb($0, $1) }),
            let opaque = sRGB.hasAlpha ? sRGB.transformed({ ef_vips_flatten_on_white($0, $1) }) : sRGB,
            let eightBit = opaque.transformed({ ef_vips_cast_uchar($0, $1) })
        else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        return eightBit
    }
}
