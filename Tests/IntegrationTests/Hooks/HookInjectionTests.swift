import Foundation
import Protocol
import Testing

/// A timer's name reaches a hook as a value in its environment, never as code: names written
/// to run a command, handed to a real `/bin/sh`, come out as text and run nothing.
@Suite("Hooks: a name that looks like a command is never run")
struct HookInjectionTests {
    @Test("Names such as $(touch pwned), ; touch pwned2 and `touch pwned3` are written literally and create nothing")
    func namesAreValues() throws {
        let hooks = try HookDaemon { out in
            // Where the hook works, too: that is where a relative `touch` would land.
            [("done", #"echo "$TIMERD_NAME" >> \#(out)/names; pwd >> \#(out)/cwd"#)]
        }
        let out = hooks.out
        let names = [
            "$(touch pwned)", "; touch pwned2", "`touch pwned3`", #"" ; touch pwned4 ; echo ""#, "' ; touch pwned5 ; '",
            "$(touch \(out)/pwned6)", "&& touch pwned7 |",
        ]
        let watch = try EventWatch(hooks.daemon)
        for (index, name) in names.enumerated() {
            try hooks.start(name, ["seconds": .number(0.3 + 0.05 * Double(index)), "silent": true])
        }
        for name in names { _ = try watch.next("fired", of: name) }
        #expect(eventually { hooks.lines("names").count == names.count }, "\(hooks.daemon.log())")
        #expect(hooks.lines("names").sorted() == names.sorted(), "each name written as it is")

        // The daemon works in / (it leaves the directory it was started in), and so do its hooks.
        let cwds = Set(hooks.lines("cwd"))
        #expect(ProcessTable.workingDirectory(hooks.daemon.pid) == "/")
        #expect(cwds == ["/"], "\(cwds)")
        let places = cwds.union([out, hooks.directory, hooks.daemon.directory, FileManager.default.currentDirectoryPath])
        for place in places.sorted() {
            let found = ((try? FileManager.default.contentsOfDirectory(atPath: place)) ?? []).filter { $0.hasPrefix("pwned") }
            #expect(found.isEmpty, "\(place) holds \(found)")
        }
    }
}
