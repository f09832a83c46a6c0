import Foundation
import Testing

extension Tag {
    /// Runs on the throwaway PostgreSQL cluster.
    @Tag public static var postgres: Self
}

/// `scripts/test --quick` runs what needs no release build, browser, PostgreSQL or fuzzer;
/// it says so to the test process with `ESSENTIAL_FEED_TEST_TIER=quick`.
public enum TestTier {
    public static let isQuick = ProcessInfo.processInfo.environment["ESSENTIAL_FEED_TEST_TIER"] == "quick"
}

extension Trait where Self == ConditionTrait {
    /// Left out of the quick tier: it starts (or uses) the PostgreSQL cluster.
    public static var needsPostgreSQL: Self {
        .enabled(if: !TestTier.isQuick, "needs the PostgreSQL cluster, which the quick tier leaves out")
    }
}
