import Foundation
import Protocol
import Testing

/// Names that look alike: through a real daemon and `timerctl`, what shows nothing is refused
/// in a new name (except where a script or an emoji sequence needs it) and names are kept in
/// NFC, so that two timers never look the same in `timerctl ls`. (docs/security.md, "Names".)
@Suite("Names that look alike")
struct LookAlikeNameTests {
    static let noBus = "unix:path=/nonexistent/bus"

    /// Each looks like "tea", or like nothing, and the refusal it gets.
    static let lookAlikes: [(String, String)] = [
        ("tea\u{200B}", #"The name "tea\u{200b}" contains an invisible character (U+200B ZERO WIDTH SPACE) at position 4; remove it."#),
        ("\u{FEFF}tea", #"The name "\u{feff}tea" contains an invisible character (U+FEFF ZERO WIDTH NO-BREAK SPACE) at position 1; remove it."#),
        ("tea\u{2060}", #"The name "tea\u{2060}" contains an invisible character (U+2060 WORD JOINER) at position 4; remove it."#),
        ("tea\u{AD}", #"The name "tea\u{ad}" contains an invisible character (U+00AD SOFT HYPHEN) at position 4; remove it."#),
        ("\u{200D}", #"The name "\u{200d}" contains an invisible character (U+200D ZERO WIDTH JOINER) at position 1; remove it (a joiner belongs only between two emoji, or between the letters of a script that uses it, such as Persian or Hindi)."#),
        ("\u{200F}", #"The name "\u{200f}" contains an invisible character (U+200F RIGHT-TO-LEFT MARK) at position 1; remove it (right-to-left scripts need none)."#),
    ]

    @Test("Each look-alike is refused by timerctl and by the daemon with what and where, as a timer, a step and a preset; nothing is stored")
    func lookAlikesAreRefused() throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(try daemon.ctl("start", "tea", "5m").status == 0)
        let client = try daemon.connect()
        for (name, problem) in Self.lookAlikes {
            let byHand = try daemon.ctl("start", name, "5m")
            #expect(byHand.status == 2, "\(byHand)")
            #expect(byHand.stderr.contains(problem), "\(byHand)")
            let step = try daemon.ctl("start", "focus", "25m", "--then", name, "5m", "--cycles", "2")
            #expect(step.status == 2 && step.stderr.contains(problem), "\(step)")
            let preset = try daemon.ctl("preset", "set", name, "3m")
            #expect(preset.status == 2 && preset.stderr.contains(problem), "\(preset)")

            let reply = try client.call("start", ["name": .string(name), "seconds": 300])
            #expect(reply["error"]?["code"] == .integer(-32602), "\(reply)")
            #expect(reply["error"]?["message"]?.stringValue == problem, "\(reply)")
            let then = try client.call(
                "start", ["name": "focus", "seconds": 1_500, "then": ["name": .string(name), "seconds": 300]])
            #expect(then["error"]?["message"]?.stringValue == "\"then\": " + problem, "\(then)")
        }
        let names = try client.call("list")["result"]?["timers"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names.map { $0.map { Array($0.utf8) } } == [Array("tea".utf8)])
        #expect(!FileManager.default.fileExists(atPath: daemon.directory + "/timerd.conf"), "no preset was written")
    }

    /// A joiner inside an emoji sequence or between Hindi or Persian letters, and an emoji's
    /// variation selector, are what the names need: accepted, kept byte for byte, reachable.
    @Test("Names whose scripts or emoji need joiners and selectors are accepted and kept byte for byte")
    func namesThatNeedThemAreAccepted() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let names = [
            "👨\u{200D}👩\u{200D}👧", "मिन्\u{200D}ट", "می\u{200C}خواهم", "❤\u{FE0F}", "🏳\u{FE0F}\u{200D}🌈",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        ]
        for name in names {
            let started = try daemon.ctl("start", name, "5m")
            #expect(started.status == 0, "\(started)")
        }
        let list = try daemon.ctl("ls", "--json")
        let listed = try JSONParser.parse(list.stdout).arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(listed.map { Array($0.utf8) } == names.map { Array($0.utf8) }, "\(list)")
        for name in names { #expect(try daemon.ctl("cancel", name).status == 0) }
    }

    /// "café" with a precomposed é and with e + COMBINING ACUTE ACCENT look the same: they are
    /// one name, kept (and shown, and listed to scripts) in NFC whichever way it was typed.
    @Test("café typed precomposed or decomposed is one timer, kept and listed in NFC")
    func namesAreOneInNFC() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let client = try daemon.connect()
        let started = try client.call("start", ["name": .string(decomposed), "seconds": 300])
        let name = try #require(started["result"]?["timer"]?["name"]?.stringValue, "\(started)")
        #expect(Array(name.utf8) == Array(composed.utf8), "the reply names it in NFC")

        let again = try client.call("start", ["name": .string(composed), "seconds": 300])
        #expect(again["error"]?["code"] == .integer(-32002), "\(again)")
        let byHand = try daemon.ctl("start", composed, "5m")
        #expect(byHand.status == 1 && byHand.stderr.contains("There is already a timer named"), "\(byHand)")

        let list = try daemon.ctl("ls", "--json")
        let listed = try JSONParser.parse(list.stdout).arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(listed.map { Array($0.utf8) } == [Array(composed.utf8)], "\(list)")
        #expect(!Array(list.stdout.utf8).contains(0xCC), "no combining accent's bytes (U+0301 is CC 81)")

        // Restarted, it comes back as it was saved: in NFC.
        daemon.stop()
        try daemon.restart()
        let restored = try daemon.connect().call("get", ["name": .string(decomposed)])
        let restoredName = try #require(restored["result"]?["timer"]?["name"]?.stringValue, "\(restored)")
        #expect(Array(restoredName.utf8) == Array(composed.utf8))
        #expect(try daemon.ctl("cancel", decomposed).status == 0)
    }
}
