import Foundation
import FuzzTargets

// Built with `--sanitize=fuzzer -Xswiftc -DFUZZING` (scripts/fuzz), libFuzzer drives the
// target named by FUZZ_TARGET. Built as usual, it reads the inputs named on its command line
// (files, or folders of them) through a target, so a finding can be replayed under a debugger.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    selectedTarget.run(Data(bytes: bytes, count: count))
    return 0
}

private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("Set FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

#if !FUZZING
@main
enum ReplayInputs {
    static func main() throws {
        let files = try CommandLine.arguments.dropFirst().flatMap { path -> [URL] in
            let url = URL(filePath: path)
            guard url.hasDirectoryPath || (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { return [url] }
            return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        }
        for file in files {
            selectedTarget.run(try Data(contentsOf: file))
        }
        FileHandle.standardError.write(Data("\(selectedTarget.rawValue): \(files.count) inputs read\n".utf8))
    }
}
#endif
