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
        .systemLibrary(name: "CLinux"),
        // Stamps the version from `git describe` on every build (Plugins/VersionStamp).
        .plugin(name: "VersionStamp", capability: .buildTool()),
        // In release, generic types' metadata is reached through direct accessor calls, not
        // mangled names: demangling each concrete type at its first use was 42% of the
        // instructions of a `timerctl ls` (callgrind), which runs only once per process.
        .target(
            name: "Protocol",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("m")], plugins: ["VersionStamp"]),
        // The Swift runtime linked in (release): the daemon then maps only the parts it uses,
        // and its idle resident memory is about 3 MiB less.
        .executableTarget(
            name: "timerd", dependencies: ["Protocol", "CLibNotify", "CLinux", "CSQLite"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        // Static in release: a dynamically linked Swift program spends most of its start-up
        // (about 2 of 3 ms) in the dynamic loader, and timerctl is started for every command.
        // timerctl makes no NSS or locale calls, which a static glibc cannot serve. Without its
        // debug information (symbols stay, for backtraces) it starts in 0.7 ms instead of 1.0.
        // Metadata through accessors, as for Protocol.
        .executableTarget(
            name: "timerctl", dependencies: ["Protocol", "CLinux"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))],
            linkerSettings: [
                .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--strip-debug"], .when(configuration: .release))
            ]),
        // The benchmark harness (`make bench`): timerd against `sleep && notify-send`, `at`, and
        // libnotify called straight from a timerfd (the floor).
        .executableTarget(name: "timerd-bench", dependencies: ["Protocol", "CLibNotify", "CLinux"], path: "bench/Sources/timerd-bench"),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol"]),
        .testTarget(name: "timerdTests", dependencies: ["timerd", "Protocol"]),
        .testTarget(name: "timerctlTests", dependencies: ["timerctl", "Protocol"]),
        // Runs the built programs as a user would: real processes, a real socket, and for
        // notifications a real session bus and notification server (`make test` starts them).
        .testTarget(
            name: "IntegrationTests", dependencies: ["timerd", "timerctl", "timerd-bench", "Protocol", "CLinux"],
            exclude: ["Support/mock_notifications.py"]),
    ],
    swiftLanguageModes: [.v6]
)
