import Foundation
import FuzzTargets
import Testing

/// Every input kept in the fuzzing corpus, findings included once fixed, goes through its
/// target on every test run: what once broke a parser stays a test.
@Suite("The fuzzing corpus, replayed")
struct CorpusReplayTests {
    @Test(arguments: FuzzTarget.allCases)
    func everyInputOfTheCorpus_goesThroughItsTarget(_ target: FuzzTarget) throws {
        let folder = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fuzzing/corpus/\(target.rawValue)")
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!inputs.isEmpty)
        for input in inputs {
            target.run(try Data(contentsOf: input))
        }
    }
}
