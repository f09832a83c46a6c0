import ArgumentParser
import Foundation

/// Where the app's screens read their styles, scripts and icon from.
struct ScreenAssetsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A folder to read the screens' styles, scripts and icon from instead of the built-in ones (for working on them without rebuilding).",
            valueName: "folder"))
    var assetsDirectory: String?

    func validate() throws {
        guard let assetsDirectory else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: assetsDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--assets-directory must be a folder, and \(assetsDirectory) is not one.")
        }
    }

    var directory: URL? {
        assetsDirectory.map { URL(filePath: $0, directoryHint: .isDirectory) }
    }
}
