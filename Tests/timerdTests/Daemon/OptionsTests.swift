import Testing

@testable import timerd

@Suite struct OptionsTests {
    static func refusal(_ arguments: [String]) -> StartupError? {
        do {
            _ = try Options.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func noArgumentsMeanTheDefaults() throws {
        #expect(try Options.parse([]) == Options())
        #expect(try Options.parse([]).socket == nil)
    }

    @Test(arguments: [["--socket", "/tmp/t.sock"], ["--socket=/tmp/t.sock"]])
    func theSocketPathIsTakenInEitherForm(_ arguments: [String]) throws {
        #expect(try Options.parse(arguments) == Options(socket: "/tmp/t.sock"))
    }

    @Test func aSocketPathMayHoldSpacesAndEqualsSigns() throws {
        #expect(try Options.parse(["--socket", "/tmp/my dir/a=b.sock"]).socket == "/tmp/my dir/a=b.sock")
        #expect(try Options.parse(["--socket=/tmp/a=b.sock"]).socket == "/tmp/a=b.sock")
    }

    @Test func theLastSocketWins() throws {
        #expect(try Options.parse(["--socket", "/a", "--socket=/b"]).socket == "/b")
    }

    @Test(arguments: [["-v"], ["--verbose"]])
    func verbose(_ arguments: [String]) throws {
        #expect(try Options.parse(arguments) == Options(verbose: true))
    }

    @Test func rootIsServedOnlyWhenAllowed() throws {
        #expect(try Options.parse([]).allowRoot == false)
        #expect(try Options.parse(["--allow-root"]) == Options(allowRoot: true))
        #expect(try Options.parse(["--allow-root", "-v"]) == Options(allowRoot: true, verbose: true))
    }

    @Test func version() throws {
        #expect(try Options.parse(["--version"]) == Options(showVersion: true))
    }

    @Test(arguments: [["-h"], ["--help"]])
    func help(_ arguments: [String]) throws {
        #expect(try Options.parse(arguments) == Options(showHelp: true))
    }

    @Test func optionsCombine() throws {
        let options = try Options.parse(["-v", "--socket", "/tmp/t.sock", "--help"])
        #expect(options == Options(socket: "/tmp/t.sock", verbose: true, showHelp: true))
    }

    @Test(arguments: [["--frobnicate"], ["-x"], ["extra"], ["-v", "--sock=/tmp/t.sock"], ["--Socket", "/tmp/t.sock"]])
    func unknownArgumentsAreUsageErrors(_ arguments: [String]) throws {
        let error = try #require(Self.refusal(arguments))
        #expect(error.exitCode == 2)
        let unknown = try #require(arguments.last { $0.hasPrefix("-") || $0 == "extra" })
        #expect(error.message.hasPrefix("Unknown option \(unknown)."))
        #expect(error.message.contains(Options.usage))
        #expect(error.description == error.message)
    }

    @Test(arguments: [["--socket"], ["--socket", ""], ["--socket="], ["-v", "--socket"], ["--socket", "--verbose"]])
    func aSocketWithoutAPathIsAUsageError(_ arguments: [String]) throws {
        let error = try #require(Self.refusal(arguments))
        #expect(error.exitCode == 2)
        #expect(error.message.contains("--socket needs a path"))
    }

    @Test func theUsageListsEveryOption() {
        for option in ["--socket PATH", "--allow-root", "-v, --verbose", "--version", "-h, --help"] {
            #expect(Options.usage.contains(option), "\(option)")
        }
    }
}
