import Foundation
import PackagePlugin

/// Builds every file of a target that is not Swift source (its strings, web assets, API
/// document) into the target as `EmbeddedResources`, so the program runs from wherever it is
/// copied: no resource folder has to travel beside it. The target excludes those files from
/// its sources in the manifest.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let root = target.directoryURL
        let files = try Self.resourceFiles(under: root)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let rootPath = root.standardizedFileURL.path(percentEncoded: false)
        let relativePaths = files.map { String($0.standardizedFileURL.path(percentEncoded: false).dropFirst(rootPath.count)) }
            .map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) resource files in \(target.name)",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: [output.path(percentEncoded: false), rootPath] + relativePaths,
                inputFiles: files,
                outputFiles: [output]),
        ]
    }

    private static func resourceFiles(under root: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension != "swift" && !url.lastPathComponent.hasPrefix(".") {
            if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
