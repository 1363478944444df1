// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "timerd",
    products: [
        .executable(name: "timerd", targets: ["timerd"]),
        .executable(name: "timerctl", targets: ["timerctl"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibNotify",
            pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev", "libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The alarm timerd plays itself (Sources/timerd/Sound): libcanberra (Debian
        // libcanberra-dev) rather than GSound, a small C API with a finish callback and no
        // GObject, whose PulseAudio backend PipeWire's pulse server serves too. Its header is in
        // /usr/include and the module map links it: its pkg-config adds only -D_REENTRANT,
        // which SwiftPM warns about on every build.
        .systemLibrary(name: "CCanberra"),
        .systemLibrary(name: "CLinux"),
        // Stamps the version from `git describe` on every build (Plugins/VersionStamp).
        .plugin(name: "VersionStamp", capability: .buildTool()),
        // In release, generic types' metadata is reached through direct accessor calls, not
        // mangled names: demangling each concrete type at its first use dominated a short-lived
        // `timerctl ls` (bench/analysis.md, "Start-up and memory of the builds").
        .target(
            name: "Protocol",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("m")], plugins: ["VersionStamp"]),
        // The Swift runtime linked in (release): the daemon then maps only the parts it uses,
        // and idles in less memory.
        .executableTarget(
            name: "timerd", dependencies: ["Protocol", "CLibNotify", "CCanberra", "CLinux", "CSQLite"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        // Static in release: a dynamically linked Swift program spends most of its start-up in
        // the dynamic loader, and timerctl is started for every command. timerctl makes no NSS
        // or locale calls, which a static glibc cannot serve. Without its debug information
        // (symbols stay, for backtraces) it starts faster still. Metadata through accessors, as
        // for Protocol. The figures: bench/analysis.md, "Start-up and memory of the builds".
        .executableTarget(
            name: "timerctl", dependencies: ["Protocol", "CLinux"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))],
            linkerSettings: [
                .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--strip-debug"], .when(configuration: .release))
            ]),
        // The benchmark harness (`make bench`): timerd against `sleep && notify-send`, `at`, and
        // libnotify called straight from a timerfd (the floor).
        .executableTarget(name: "timerd-bench", dependencies: ["Protocol", "CLibNotify", "CLinux"], path: "bench/Sources/timerd-bench"),
        // What the test targets share (a seeded generator), written once.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol", "TestSupport"]),
        .testTarget(name: "timerdTests", dependencies: ["timerd", "Protocol", "TestSupport"]),
        .testTarget(name: "timerctlTests", dependencies: ["timerctl", "Protocol"]),
        // Runs the built programs as a user would: real processes, a real socket, and for
        // notifications a real session bus and notification server (`make test` starts them).
        .testTarget(
            name: "IntegrationTests", dependencies: ["timerd", "timerctl", "timerd-bench", "Protocol", "CLinux", "TestSupport"],
            exclude: ["Support/mock_notifications.py", "Support/old_timerd.py"]),
    ],
    swiftLanguageModes: [.v6]
)
