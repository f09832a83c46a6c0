/// Why a photo was refused; nothing of it is kept.
public enum PhotoProcessingError: Error, Equatable, Sendable {
    /// More bytes than `PhotoLimits.maximumBytes`.
    case tooManyBytes(count: Int, limit: Int)
    /// Its header describes more pixels than `PhotoLimits.maximumPixels`.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Decoding it would take more passes, work or memory than `PhotoLimits` allow; `detail`
    /// says which, in words for the person who sent it.
    case tooCostlyToDecode(detail: String)
    /// Decoding and encoding it ran past `PhotoLimits.maximumProcessingTime`.
    case tookTooLong(limit: Duration)
    /// Not a JPEG, PNG or WebP file.
    case unsupportedFormat
    /// No bytes at all.
    case empty
    /// A supported format whose data is corrupt or cut short; `reason` is the decoder's.
    case unreadable(reason: String)
    /// The image library could not start or encode; not the photo's fault.
    case processingFailed(reason: String)
}

extension PhotoProcessingError {
    /// Why a file was not taken, as a report lists it after the file's name ("… is empty").
    public var reasonForSkipping: String {
        switch self {
        case .tooManyBytes(let count, let limit): "is \(count) bytes; at most \(limit) are taken"
        case .tooManyPixels(let width, let height, let limit): "is \(width) × \(height) pixels; at most \(limit) are taken"
        case .tooCostlyToDecode(let detail): "is refused: \(detail)"
        case .tookTooLong(let limit): "took longer than \(limit) to process"
        case .unsupportedFormat: "is not a JPEG, PNG or WebP image"
        case .empty: "is empty"
        case .unreadable(let reason): "is corrupt or cut short (\(reason))"
        case .processingFailed(let reason): "could not be processed (\(reason))"
        }
    }
}
