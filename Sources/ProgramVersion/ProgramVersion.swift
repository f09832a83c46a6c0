/// Which Essential Feed this is: the release, the commit it was built from and when, as
/// `--version`, the first line of the log and the API's `openapi.yaml` tell it.
public enum ProgramVersion {
    /// The release; the API's `openapi.yaml` carries the same (a test holds them together).
    public static let number = "1.0.0"
    /// The commit, `-modified` when built from files that differ from it; `unknown` outside git.
    public static var commit: String { BuildInfo.commit }
    /// When that commit was first built on the building machine (UTC, ISO 8601).
    public static var builtAt: String { BuildInfo.builtAt }

    /// `1.0.0 (commit 3f2a9c1d0b7e, built 2026-11-25T14:00:00Z)`.
    public static var description: String {
        "\(number) (commit \(commit), built \(builtAt))"
    }
}
