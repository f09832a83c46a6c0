/// The words of one's own data: downloading it, and leaving.
public enum PersonalDataStrings: String, LocalizedStringTable {
    case title = "DATA_TITLE"
    case settingsLink = "DATA_SETTINGS_LINK"
    case exportHeading = "DATA_EXPORT_HEADING"
    case exportIntro = "DATA_EXPORT_INTRO"
    case startExport = "DATA_EXPORT_START"
    case exportAgain = "DATA_EXPORT_AGAIN"
    case exportRunning = "DATA_EXPORT_RUNNING"
    case exportRunningHint = "DATA_EXPORT_RUNNING_HINT"
    case exportReady = "DATA_EXPORT_READY"
    case download = "DATA_EXPORT_DOWNLOAD"
    case exportExpires = "DATA_EXPORT_EXPIRES"
    case exportFailed = "DATA_EXPORT_FAILED"
    case unavailable = "DATA_UNAVAILABLE"
    case leaveHeading = "LEAVE_HEADING"
    case leaveIntro = "LEAVE_INTRO"
    case exportFirst = "LEAVE_EXPORT_FIRST"
    case leaveLink = "LEAVE_LINK"
    case password = "LEAVE_PASSWORD"
    case confirm = "LEAVE_CONFIRM"
    case confirmRequired = "LEAVE_CONFIRM_REQUIRED"
    case leaveButton = "LEAVE_BUTTON"
    case left = "LEAVE_DONE"
    case leftTitle = "LEAVE_DONE_TITLE"
    case leftNext = "LEAVE_DONE_NEXT"

    public static var tableName: String { "PersonalData" }
}
