import Foundation

/// What the screen of one's data says about an export.
public struct DataExportViewModel: Equatable, Sendable {
    /// Where the export stands, in words; `nil` when there is none.
    public let status: String?
    /// From 0 to 1 while it runs.
    public let progress: Double?
    /// Until when a ready archive is kept.
    public let expiry: String?
    public let canDownload: Bool
    /// The start button's words; `nil` while an export runs.
    public let startLabel: String?
}

public enum PersonalDataPresenter {
    public static func map(_ export: DataExport?, locale: Locale, timeZone: TimeZone) -> DataExportViewModel {
        guard let export else {
            return DataExportViewModel(
                status: nil, progress: nil, expiry: nil, canDownload: false, startLabel: PersonalDataStrings.startExport.localized(in: locale))
        }
        let again = PersonalDataStrings.exportAgain.localized(in: locale)
        switch export.state {
        case .running:
            // Never "100%" before it is ready.
            let done = (export.progress * 100).rounded(.down) / 100
            return DataExportViewModel(
                status: PersonalDataStrings.exportRunning.localized(in: locale, with: done.formatted(.percent.precision(.fractionLength(0)).locale(locale))),
                progress: export.progress, expiry: nil, canDownload: false, startLabel: nil)
        case .ready:
            let expiry = export.expiresAt.map { date in
                PersonalDataStrings.exportExpires.localized(
                    in: locale, with: date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: timeZone)))
            }
            return DataExportViewModel(
                status: PersonalDataStrings.exportReady.localized(in: locale, with: size(export.size ?? 0, locale: locale)), progress: nil,
                expiry: expiry, canDownload: true, startLabel: again)
        case .failed:
            return DataExportViewModel(
                status: PersonalDataStrings.exportFailed.localized(in: locale), progress: nil, expiry: nil, canDownload: false, startLabel: again)
        }
    }

    /// "12.5 MB", "840 KB": in the reader's decimal marks.
    static func size(_ bytes: Int, locale: Locale) -> String {
        let megabytes = Double(bytes) / 1_000_000
        if megabytes >= 1 { return megabytes.formatted(.number.precision(.fractionLength(1)).locale(locale)) + " MB" }
        return max(1, (Double(bytes) / 1_000).rounded()).formatted(.number.precision(.fractionLength(0)).locale(locale)) + " KB"
    }
}
