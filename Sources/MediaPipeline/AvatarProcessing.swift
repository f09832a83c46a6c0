import CVips
import Foundation

extension PhotoProcessor {
    /// A picture for a profile, under the same checks as a photo: decoded only as large as
    /// its biggest square needs, cropped to its centre square, and shrunk (never enlarged) to
    /// each rendition.
    public func processAvatar(_ bytes: Data, deadline: ProcessingDeadline? = nil) throws(PhotoProcessingError) -> ProcessedAvatar {
        let deadline = deadline ?? ProcessingDeadline(after: limits.maximumProcessingTime)
        if deadline.hasPassed { throw .tookTooLong(limit: limits.maximumProcessingTime) }
        let header = try inspect(bytes)
        let box = Self.decodingBox(of: (header.width, header.height), shortSide: AvatarRendition.small.side)
        let decoded = try uprightSRGB(bytes, fittingWidth: box.width, height: box.height)
        let side = min(decoded.width, decoded.height)
        guard
            let square = decoded.transformed({
                ef_vips_extract_area($0, Int32((decoded.width - side) / 2), Int32((decoded.height - side) / 2), Int32(side), Int32(side), $1)
            }),
            let largest = ef_vips_copy_memory(square.pointer).map(VipsImageHandle.init)
        else {
            throw .unreadable(reason: VipsLibrary.takeErrorMessage())
        }
        var renditions = [AvatarRendition: EncodedRendition]()
        for rendition in AvatarRendition.allCases {
            if deadline.hasPassed { throw .tookTooLong(limit: limits.maximumProcessingTime) }
            let target = min(side, rendition.side)
            renditions[rendition] = try jpegRendition(of: try resized(largest, to: (target, target)))
        }
        let placeholder = try placeholder(of: largest, componentsX: 4, componentsY: 4)
        return ProcessedAvatar(averageColor: placeholder.averageColor, blurHash: placeholder.blurHash, renditions: renditions)
    }

    /// The box a picture of `size` is decoded into so that its short side is `shortSide`
    /// (or its own, when smaller): enough for the largest square, no more.
    static func decodingBox(of size: (width: Int, height: Int), shortSide: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(shortSide) / Double(min(size.width, size.height)))
        return (max(1, Int((Double(size.width) * scale).rounded(.up))), max(1, Int((Double(size.height) * scale).rounded(.up))))
    }
}
