import Testing
import Protocol

@Suite struct SocketLocationTests {
    static func resolve(_ explicit: String? = nil, _ environment: [String: String] = [:]) -> SocketLocation {
        SocketLocation.resolve(explicit: explicit, environment: environment, uid: 1000)
    }

    static let everything = [
        "TIMERD_SOCKET": "/srv/env.sock", "XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/me",
    ]

    // MARK: Order of precedence

    @Test func explicitPathComesFirst() {
        #expect(Self.resolve("/srv/flag.sock", Self.everything) == SocketLocation(path: "/srv/flag.sock", privateDirectory: nil, givenBy: "--socket"))
    }

    @Test func thenTheEnvironmentVariable() {
        #expect(Self.resolve(nil, Self.everything) == SocketLocation(path: "/srv/env.sock", privateDirectory: nil, givenBy: "TIMERD_SOCKET"))
    }

    @Test func thenTheRuntimeDirectory() {
        #expect(Self.resolve(nil, ["XDG_RUNTIME_DIR": "/run/user/1000"])
            == SocketLocation(path: "/run/user/1000/timerd/timerd.sock", privateDirectory: "/run/user/1000/timerd"))
    }

    @Test func thenTmp() {
        #expect(Self.resolve() == SocketLocation(path: "/tmp/timerd-1000/timerd.sock", privateDirectory: "/tmp/timerd-1000"))
        #expect(SocketLocation.resolve(explicit: nil, environment: [:], uid: 0).path == "/tmp/timerd-0/timerd.sock")
    }

    @Test func emptyValuesAreIgnored() {
        let empty = ["TIMERD_SOCKET": "", "XDG_RUNTIME_DIR": ""]
        #expect(Self.resolve("", empty) == Self.resolve())
        #expect(Self.resolve("", Self.everything) == Self.resolve(nil, Self.everything))
        #expect(Self.resolve(nil, ["TIMERD_SOCKET": "", "XDG_RUNTIME_DIR": "/run/user/1000"]).path
            == "/run/user/1000/timerd/timerd.sock")
    }

    @Test(arguments: ["run/user/1000", "./run", "~/run"])
    func relativeRuntimeDirectoryIsIgnored(runtime: String) {
        #expect(Self.resolve(nil, ["XDG_RUNTIME_DIR": runtime]) == Self.resolve())
    }

    @Test func trailingSlashOnTheRuntimeDirectory() {
        #expect(Self.resolve(nil, ["XDG_RUNTIME_DIR": "/run/user/1000/"])
            == SocketLocation(path: "/run/user/1000/timerd/timerd.sock", privateDirectory: "/run/user/1000/timerd"))
        #expect(Self.resolve(nil, ["XDG_RUNTIME_DIR": "/"])
            == SocketLocation(path: "/timerd/timerd.sock", privateDirectory: "/timerd"))
    }

    @Test func explicitAndEnvironmentPathsAreTakenAsGiven() {
        // Relative paths are made absolute by the client, which knows its working directory.
        #expect(Self.resolve("my.sock").path == "my.sock")
        #expect(Self.resolve(nil, ["TIMERD_SOCKET": "sockets/t.sock"]).path == "sockets/t.sock")
    }

    // MARK: A directory that is not there

    @Test func aMissingDirectoryOfTheVariableSaysHowToMakeItOrUnsetIt() {
        let location = Self.resolve(nil, ["TIMERD_SOCKET": "/nonexistent/timerd test/t.sock"])
        #expect(location.directoryProblem == """
            The directory for the socket, /nonexistent/timerd test, does not exist (TIMERD_SOCKET is \
            /nonexistent/timerd test/t.sock). Create it with `mkdir -m 700 -p '/nonexistent/timerd test'`, or unset \
            TIMERD_SOCKET to use timerd's own directory.
            """)
    }

    @Test func aMissingDirectoryOfTheFlagSaysToLeaveItOut() {
        #expect(Self.resolve("/nonexistent/t.sock").directoryProblem == """
            The directory for the socket, /nonexistent, does not exist (--socket is /nonexistent/t.sock). Create it \
            with `mkdir -m 700 -p /nonexistent`, or leave out --socket to use timerd's own directory.
            """)
    }

    @Test func aFileWhereTheDirectoryShouldBeIsNamed() {
        #expect(Self.resolve("/etc/passwd/t.sock").directoryProblem == """
            The socket cannot be made: /etc/passwd is not a directory (--socket is /etc/passwd/t.sock). Give a socket \
            path in a directory, or leave out --socket to use timerd's own directory.
            """)
        #expect(Self.resolve(nil, ["TIMERD_SOCKET": "/etc/passwd/x/t.sock"]).directoryProblem?
            .hasPrefix("The socket cannot be made: part of /etc/passwd/x is not a directory") == true)
    }

    @Test func anExistingDirectoryOrTimerdsOwnHasNoProblem() {
        #expect(Self.resolve("/tmp/t.sock").directoryProblem == nil)
        #expect(Self.resolve("t.sock").directoryProblem == nil, "the working directory")
        #expect(Self.resolve(nil, ["XDG_RUNTIME_DIR": "/nonexistent"]).directoryProblem == nil,
                "timerd makes its own directory, and says so itself when it cannot")
    }

    // MARK: Directory and length

    @Test(arguments: [
        ("/run/user/1000/timerd/timerd.sock", "/run/user/1000/timerd"),
        ("/tmp/t.sock", "/tmp"),
        ("/t.sock", "/"),
        ("t.sock", "."),
        ("sockets/t.sock", "sockets"),
    ])
    func directory(path: String, directory: String) {
        #expect(SocketLocation(path: path, privateDirectory: nil).directory == directory)
    }

    @Test func pathOfUpTo107BytesFits() {
        let path = "/tmp/" + String(repeating: "s", count: 102)
        #expect(path.utf8.count == SocketLocation.maxPathBytes)
        #expect(SocketLocation(path: path, privateDirectory: nil).pathProblem == nil)
    }

    @Test func pathOver107BytesIsAProblemThatSaysWhatToDo() throws {
        let path = "/tmp/" + String(repeating: "s", count: 103)
        let problem = try #require(SocketLocation(path: path, privateDirectory: nil).pathProblem)
        #expect(problem == """
            The socket path \(path) is 108 bytes long, more than the 107 a Unix socket address holds; \
            choose a shorter one with --socket or TIMERD_SOCKET.
            """)
    }

    @Test func pathLengthCountsBytesNotCharacters() {
        // 36 characters, 108 bytes.
        let path = "/" + String(repeating: "パ", count: 35) + "."
        #expect(path.count == 37)
        #expect(path.utf8.count == 107)
        #expect(SocketLocation(path: path, privateDirectory: nil).pathProblem == nil)
        #expect(SocketLocation(path: path + "s", privateDirectory: nil).pathProblem != nil)
    }
}
