import Protocol
import Testing

@Suite struct VersionTests {
    @Test(arguments: [
        // A tag, and commits after it: as git says it, without the leading v.
        ("v0.2.0", "0.2.0"),
        ("0.2.0", "0.2.0"),
        ("v0.2.0-3-g1a2b3c4", "0.2.0-3-g1a2b3c4"),
        ("v0.2.0-3-g1a2b3c4-dirty", "0.2.0-3-g1a2b3c4-dirty"),
        ("release-7", "release-7"),
        // No tag yet: the fallback, and the commit as describe writes it after a tag.
        ("1a2b3c4", "0.1.0-g1a2b3c4"),
        ("1a2b3c4-dirty", "0.1.0-g1a2b3c4-dirty"),
        // Not a checkout (a tarball), or git is missing.
        (nil, "0.1.0"),
        ("", "0.1.0"),
    ] as [(String?, String)])
    func resolves(described: String?, expected: String) {
        #expect(Version.resolve(described: described, fallback: "0.1.0") == expected)
    }

    @Test func theProgramsVersionIsStampedOrTheFallback() {
        #expect(timerdVersion.hasPrefix(fallbackVersion) || timerdVersion.first?.isNumber == true)
        #expect(!timerdVersion.isEmpty)
    }
}
