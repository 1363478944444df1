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
        .target(name: "Protocol", linkerSettings: [.linkedLibrary("m")], plugins: ["VersionStamp"]),
        .executableTarget(name: "timerd", dependencies: ["Protocol", "CLibNotify", "CLinux", "CSQLite"]),
        .executableTarget(name: "timerctl", dependencies: ["Protocol", "CLinux"]),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol"]),
        .testTarget(name: "timerdTests", dependencies: ["timerd", "Protocol"]),
        .testTarget(name: "timerctlTests", dependencies: ["timerctl", "Protocol"]),
        // Runs the built programs as a user would: real processes, a real socket, and for
        // notifications a real session bus and notification server (`make test` starts them).
        .testTarget(
            name: "IntegrationTests", dependencies: ["timerd", "timerctl", "Protocol", "CLinux"],
            exclude: ["Support/mock_notifications.py"]),
    ],
    swiftLanguageModes: [.v6]
)
