import Foundation
import Testing

/// The repository these tests were built from, for what runs from it: `make`, the manual
/// page sources.
enum Repository {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `make TARGET VARIABLES…` in the repository with the built programs (`BIN`), never
    /// building (SwiftPM holds the build directory while tests run) and writing what it
    /// generates to `out`.
    static func make(_ target: String, out: String, _ variables: [String] = []) throws -> ProcessResult {
        try run("/usr/bin/make", ["-s", "-C", root, target, "BIN=\(Programs.directory)", "OUT=\(out)"] + variables)
    }
}
