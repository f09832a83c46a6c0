import Benchmark
import HotPathScenarios

/// Allocations of each hot path, counted by the benchmark package's malloc interposer: the
/// same on every run of the same build, however busy the machine. `scripts/hot-paths` checks
/// them against the committed thresholds in `benchmarks/Benchmarks/Thresholds/`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal],
        warmupIterations: 5,
        maxDuration: .seconds(3),
        maxIterations: 100,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 25])]
    )
    for scenario in HotPathScenarios.Scenario.allCases {
        Benchmark(scenario.rawValue) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await HotPathScenarios.run(scenario))
            }
        }
    }
}

@main
struct HotPathsRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() {
        benchmarks()
    }
}
