/// The version of timerd and timerctl; both print it for `--version`, `ping` reports it.
///
/// Stamped at build time from `git describe` (see `Plugins/VersionStamp`), else `fallbackVersion`.
public let timerdVersion = Version.resolve(described: stampedVersion, fallback: fallbackVersion)

/// The version of a build made outside a git checkout (a release tarball). Set it when tagging.
public let fallbackVersion = "0.1.0"

/// Turns what `git describe --tags --always --dirty` said into the version the programs print.
public enum Version {
    /// - A tag, or a tag and the commits since (`v0.2.0`, `v0.2.0-3-g1a2b3c4-dirty`): as it is,
    ///   without a leading `v`.
    /// - A bare commit (`1a2b3c4`, `1a2b3c4-dirty`; no tag yet): the fallback, then the commit as
    ///   `git describe` would write it after a tag (`0.1.0-g1a2b3c4-dirty`), so that the number
    ///   still says which release it is on the way to.
    /// - Nil or empty (no git checkout): the fallback.
    public static func resolve(described: String?, fallback: String) -> String {
        guard let described, !described.isEmpty else { return fallback }
        let commit = described.hasSuffix("-dirty") ? String(described.dropLast(6)) : described
        if commit.count >= 4, commit.allSatisfy(\.isHexDigit) {
            return "\(fallback)-g\(described)"
        }
        if described.hasPrefix("v"), described.dropFirst().first?.isNumber == true { return String(described.dropFirst()) }
        return described
    }
}
