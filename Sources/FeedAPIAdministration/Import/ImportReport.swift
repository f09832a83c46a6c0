import Foundation

/// What `essential-feed import` writes as it goes: a bar redrawn in place on a terminal,
/// one line per file otherwise, and a summary at the end.
public struct ImportReport: Sendable {
    public init() {}

    /// `[#########-----------]  12/40  3.1 photos/s  0:09 left`; the rate and time left once
    /// a photo is done.
    public func bar(done: Int, total: Int, elapsed: TimeInterval, width: Int = 24) -> String {
        let filled = total > 0 ? width * done / total : width
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
        text += "  \(done)/\(total)"
        if done > 0, elapsed > 0 {
            let rate = Double(done) / elapsed
            text += "  " + String(format: "%.1f", rate) + " photos/s"
            text += "  " + Self.duration(Double(total - done) / rate) + " left"
        }
        return text
    }

    /// `12/40 imported holidays/beach.jpg`, the path relative to the imported folder.
    public func line(for progress: PhotoImport.Progress, relativeTo folder: URL) -> String {
        let name = Self.relativePath(of: progress.file, in: folder)
        let outcome =
            switch progress.outcome {
            case .imported: "imported \(name)"
            case .skipped: "skipped \(name) (already imported)"
            case .failed(let reason): "failed \(name): \(reason)"
            }
        return "\(progress.done)/\(progress.total) \(outcome)"
    }

    /// The counts, then each failed file with its reason.
    public func summary(_ summary: PhotoImport.Summary, relativeTo folder: URL) -> String {
        var text = "Imported \(summary.imported), skipped \(summary.skipped) already imported, failed \(summary.failures.count).\n"
        for failure in summary.failures {
            text += "  \(Self.relativePath(of: failure.file, in: folder)): \(failure.reason)\n"
        }
        return text
    }

    static func duration(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded(.up)))
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    static func relativePath(of file: URL, in folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        guard path.hasPrefix(base + "/") else { return path }
        return String(path.dropFirst(base.count + 1))
    }
}
