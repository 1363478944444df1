import TestSupport
import Testing
import Protocol

/// The entries of `file` as `[group] key=value @line`, one string each, in file order.
private func flat(_ file: KeyFile) -> [String] {
    file.groups.flatMap { group in group.entries.map { "[\(group.name)] \($0.key)=\($0.value) @\($0.line)" } }
}

/// Texts that parse without problems, with the entries they give.
private let accepted: [(String, [String])] = [
    ("", []),
    ("\n\n", []),
    ("[a]\nk=v", ["[a] k=v @2"]),
    ("[a]\nk=v\n", ["[a] k=v @2"]),
    // Comments and blank lines, also indented.
    ("# top\n[a]\n# c\n  # indented\n\t\nk=v\n   \n", ["[a] k=v @6"]),
    // Whitespace around "=" and at line ends.
    ("[a]\nk = v\n  k2\t=\tv 2  \n", ["[a] k=v @2", "[a] k2=v 2 @3"]),
    ("  [a]  \nk=v", ["[a] k=v @2"]),
    // Empty values are values.
    ("[a]\nk=\nk2 =   ", ["[a] k= @2", "[a] k2= @3"]),
    // Only the first "=" separates; "#" after the start of a line is text.
    ("[a]\nk=a=b\nk2=x # not a comment", ["[a] k=a=b @2", "[a] k2=x # not a comment @3"]),
    // Keys may hold spaces inside, and a locale suffix.
    ("[a]\nmy key=1\nName[de]=Wecker", ["[a] my key=1 @2", "[a] Name[de]=Wecker @3"]),
    // Group names are taken as written, spaces and case included.
    ("[a b]\nk=1\n[A]\nk=2\n[ c ]\nk=3", ["[a b] k=1 @2", "[A] k=2 @4", "[ c ] k=3 @6"]),
    // A group named again continues.
    ("[a]\nk=1\n[b]\nk=2\n[a]\nk3=3", ["[a] k=1 @2", "[a] k3=3 @6", "[b] k=2 @4"]),
    // Unicode keeps its place.
    ("[通知]\nnom=pâtes ⏲\n", ["[通知] nom=pâtes ⏲ @2"]),
    // A tab inside a value is kept; form feed is text too.
    ("[a]\nk=x\ty\nf=\u{0C}", ["[a] k=x\ty @2", "[a] f=\u{0C} @3"]),
]

/// Texts with problems: the entries that still load, and each problem's line and message.
private let refused: [(String, [String], [(Int, String)])] = [
    ("[a]\nremind\nk=v", ["[a] k=v @3"],
     [(2, #""remind" is not a [group] header, a key=value line or a # comment"#)]),
    ("[a]\n; semicolons are not comments", [],
     [(2, #""; semicolons are not comments" is not a [group] header, a key=value line or a # comment"#)]),
    ("[a]\n=5m\n = 5m", [],
     [(2, #""=5m" has no key before "=""#), (3, #""= 5m" has no key before "=""#)]),
    ("remind=1h\n[a]\nk=v", ["[a] k=v @3"],
     [(1, #"key "remind" comes before any [group] header"#)]),
    ("[notifications\nk=v\n[b]\nk=w", ["[b] k=w @4"],
     [(1, #"group header "[notifications" has no closing "]"; the keys after it are skipped up to the next group"#)]),
    ("[a] # header\nk=v\n[b]\nk=w", ["[b] k=w @4"],
     [(1, #"group header "[a] # header" has text after "]"; the keys after it are skipped up to the next group"#)]),
    ("[a]\nk=1\n[]\nk=2", ["[a] k=1 @2"],
     [(3, #"group header "[]" has no name; the keys after it are skipped up to the next group"#)]),
    ("[a[b]\nk=2", [],
     [(1, #"group name "a[b" may not contain "[" or control characters; the keys after it are skipped up to the next group"#)]),
    ("[a\u{7}]\nk=2", [],
     [(1, #"group name "a\u{7}" may not contain "[" or control characters; the keys after it are skipped up to the next group"#)]),
    // Bad keys: brackets other than a locale, control characters, a locale with nothing in it.
    ("[a]\nk]=1\nk[=2\n[k]x=3\n[b]\nok=7", ["[b] ok=7 @6"], [
        (2, #"key "k]" may not contain "[" or "]" (other than a locale, as in Name[de]) or control characters"#),
        (3, #"key "k[" may not contain "[" or "]" (other than a locale, as in Name[de]) or control characters"#),
        (4, #"group header "[k]x=3" has text after "]"; the keys after it are skipped up to the next group"#),
    ]),
    ("[a]\nk[]=4\nk[a]b=5\nk\u{1}=6\nok=7", ["[a] ok=7 @5"], [
        (2, #"key "k[]" may not contain "[" or "]" (other than a locale, as in Name[de]) or control characters"#),
        (3, #"key "k[a]b" may not contain "[" or "]" (other than a locale, as in Name[de]) or control characters"#),
        (4, #"key "k\u{1}" may not contain "[" or "]" (other than a locale, as in Name[de]) or control characters"#),
    ]),
    // Invalid escapes skip the line.
    ("[a]\nsound=C:\\sounds\\bell.oga\nk=v", ["[a] k=v @3"],
     [(2, #"the value of "sound" has "\b", which is not an escape (known: \s \n \t \r \\); write \\ for a backslash"#)]),
    ("[a]\nk=a\\;b", [],
     [(2, #"the value of "k" has "\;", which is not an escape (known: \s \n \t \r \\); write \\ for a backslash"#)]),
    ("[a]\nk=ends\\", [],
     [(2, #"the value of "k" ends in a lone "\"; write \\ for a backslash"#)]),
    ("[a]\nk=ends\\  ", [],
     [(2, #"the value of "k" ends in a lone "\"; write \\ for a backslash"#)]),
    // A duplicate key: reported, the later value wins in the earlier place.
    ("[notifications]\nurgency=low\nsound=none\n\nurgency = normal\n", [
        "[notifications] urgency=normal @5", "[notifications] sound=none @3",
    ], [(5, #""urgency" is set again in [notifications] (earlier on line 2); the later value is used"#)]),
    ("[a]\nk=1\n[b]\nk=2\n[a]\nk=3\nk=4", ["[a] k=4 @7", "[b] k=2 @4"], [
        (6, #""k" is set again in [a] (earlier on line 2); the later value is used"#),
        (7, #""k" is set again in [a] (earlier on line 6); the later value is used"#),
    ]),
    // Keys under a bad header are skipped without a problem each, but a bad line there still is one.
    ("[a\nk=1\nnonsense\n[b]\nk=2", ["[b] k=2 @5"], [
        (1, #"group header "[a" has no closing "]"; the keys after it are skipped up to the next group"#),
        (3, #""nonsense" is not a [group] header, a key=value line or a # comment"#),
    ]),
    // Long lines are cut in messages, and tabs shown.
    ("[a]\n" + String(repeating: "x", count: 100), [],
     [(2, "\"" + String(repeating: "x", count: 60) + "…\" is not a [group] header, a key=value line or a # comment")]),
    ("[a]\nx\ty", [], [(2, #""x\ty" is not a [group] header, a key=value line or a # comment"#)]),
]

/// Values as written after "=", and what they read as.
private let escapeCases: [(String, String)] = [
    (#"a\sb"#, "a b"), (#"\s\slead"#, "  lead"), (#"trail\s"#, "trail "), (#"\s"#, " "),
    (#"one\ntwo"#, "one\ntwo"), (#"a\tb"#, "a\tb"), (#"a\rb"#, "a\rb"), (#"C:\\dir"#, #"C:\dir"#),
    (#"\\\\"#, #"\\"#), (#"\\s"#, #"\s"#), (#"\\n"#, #"\n"#), (#"\s\s"#, "  "),
    (#"plain"#, "plain"), (#"ünï\scode"#, "ünï code"),
]

/// List values and their items.
private let listCases: [(String, [String])] = [
    ("1h;10m", ["1h", "10m"]), ("1h,10m", ["1h", "10m"]), ("1h; 10m ,5m", ["1h", "10m", "5m"]),
    ("1h;10m;", ["1h", "10m"]), (";;1h;;", ["1h"]), ("", []), (" ; , ", []), ("one", ["one"]),
    ("1 h 30 min; 2h", ["1 h 30 min", "2h"]), (#"a\sb;c"#, ["a b", "c"]),
]

struct KeyFileTests {
    // MARK: Syntax

    @Test(arguments: accepted)
    func accepts(text: String, entries: [String]) {
        let (file, problems) = KeyFile.parse(text)
        #expect(problems == [])
        #expect(flat(file) == entries)
    }

    @Test(arguments: refused)
    func reportsEachBadLineAndLoadsTheRest(text: String, entries: [String], expected: [(Int, String)]) {
        let (file, problems) = KeyFile.parse(text)
        #expect(flat(file) == entries)
        #expect(problems == expected.map { KeyFile.Problem(line: $0.0, message: $0.1) })
    }

    @Test func groupsKeepTheOrderTheyFirstAppearAndTheirFirstHeaderLine() {
        let (file, _) = KeyFile.parse("[b]\n[a]\nk=1\n[b]\nk=2\n[c]")
        #expect(file.groups.map(\.name) == ["b", "a", "c"])
        #expect(file.groups.map(\.line) == [1, 2, 6])
        #expect(file.keys(in: "b") == ["k"])
        #expect(file.group("c")?.entries == [])
        #expect(file.group("d") == nil)
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineEndsDoNotChangeWhatIsRead(newline: String) {
        let text = ["# c", "[notifications]", "remind = 1h;10m  ", "urgency=low", "", "[presets]", "tea=4m", ""]
            .joined(separator: newline)
        let (file, problems) = KeyFile.parse(text)
        #expect(problems == [])
        #expect(flat(file) == [
            "[notifications] remind=1h;10m @3", "[notifications] urgency=low @4", "[presets] tea=4m @7",
        ])
    }

    @Test func crlfLineNumbersCountInProblems() {
        let (_, problems) = KeyFile.parse("[a]\r\nk=1\r\noops\r\nk=2\r\n")
        #expect(problems.map(\.line) == [3, 4])
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() {
        let (file, problems) = KeyFile.parse("\u{FEFF}[a]\r\nk=v\r\n")
        #expect(problems == [])
        #expect(flat(file) == ["[a] k=v @2"])
        // Only at the start: elsewhere it is text (and here not a valid header).
        #expect(KeyFile.parse("[a]\n\u{FEFF}[b]").1.map(\.line) == [2])
    }

    @Test func aLoneCarriageReturnIsNotALineEnd() {
        let (file, problems) = KeyFile.parse("[a]\rk=v")
        #expect(flat(file) == [])
        #expect(problems.map(\.line) == [1])
    }

    // MARK: Values

    @Test(arguments: escapeCases)
    func escapes(written: String, value: String) {
        let (file, problems) = KeyFile.parse("[a]\nk = \(written)  \n")
        #expect(problems == [])
        #expect(file.value("k", in: "a")?.value == value)
    }

    @Test(arguments: [#"\q"#, #"\;"#, #"\,"#, #"\""#, #"\x41"#, #"\u0041"#, #"\ "#, "\\\t", #"\"#])
    func invalidEscapesAreProblems(written: String) {
        let (file, problems) = KeyFile.parse("[a]\nk=x\(written)")
        #expect(file.value("k", in: "a") == nil)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 2)
    }

    @Test func valueGivesTheLineItCameFrom() throws {
        let (file, _) = KeyFile.parse("[a]\n\n  k = v\n")
        let found = try #require(file.value("k", in: "a"))
        #expect(found.value == "v")
        #expect(found.line == 3)
        #expect(file.value("k", in: "b") == nil)
        #expect(file.value("missing", in: "a") == nil)
        #expect(file.value("K", in: "a") == nil)
        #expect(file.keys(in: "missing") == [])
    }

    @Test(arguments: listCases)
    func listsSplitOnSemicolonsAndCommas(value: String, items: [String]) {
        let (file, problems) = KeyFile.parse("[a]\nk=\(value)")
        #expect(problems == [])
        #expect(file.list("k", in: "a") == items)
    }

    @Test func aMissingListIsNil() {
        #expect(KeyFile.parse("[a]").0.list("k", in: "a") == nil)
    }

    // MARK: Names

    @Test(arguments: [
        ("k", true), ("my key", true), ("reminder-urgency", true), ("Name[de]", true), ("Name[de_DE@euro]", true),
        ("", false), (" k", false), ("k ", false), ("\tk", false), ("#k", false), ("k#", true), ("a=b", false),
        ("[k]", false), ("k]", false), ("k[", false), ("k[]", false), ("k[a]b", false), ("k[a[b]", false),
        ("k\n", false), ("k\u{7F}", false), ("⏲", true),
    ])
    func validKeys(key: String, valid: Bool) {
        #expect(KeyFile.isValidKey(key) == valid)
    }

    @Test(arguments: [
        ("notifications", true), ("a b", true), (" a ", true), ("#", true), ("", false), ("a[", false),
        ("a]", false), ("a\tb", false),
    ])
    func validGroupNames(name: String, valid: Bool) {
        #expect(KeyFile.isValidGroupName(name) == valid)
    }

    // MARK: Writing back

    @Test(arguments: [
        ("plain", "plain"), (" lead", #"\slead"#), ("trail ", #"trail\s"#), (" ", #"\s"#), ("  ", #"\s\s"#),
        ("a  b", "a  b"), ("a\nb", #"a\nb"#), ("\t", #"\t"#), ("\r", #"\r"#), (#"C:\x"#, #"C:\\x"#),
        ("1h;10m", "1h;10m"), ("#x", "#x"), ("=", "="), ("", ""),
    ])
    func escapeWritesWhatReadsBack(value: String, written: String) {
        #expect(KeyFile.escape(value) == written)
        #expect(KeyFile.parse("[a]\nk=\(written)").0.value("k", in: "a")?.value == value)
    }

    @Test func serializedWritesGroupsThenKeys() {
        let (file, _) = KeyFile.parse("""
            # dropped
            [notifications]
            remind = 1h;10m
            sound=\\s/tmp/x.oga

            [presets]
            tea = 4m
            """)
        #expect(file.serialized() == """
            [notifications]
            remind=1h;10m
            sound=\\s/tmp/x.oga

            [presets]
            tea=4m

            """)
        #expect(KeyFile().serialized() == "")
    }

    @Test(arguments: accepted.map(\.0) + refused.map(\.0) + [
        "[a]\nk=\\s\\sx\\ty\\n\\\\\\s", "[empty]\n[also empty]", "\u{FEFF}[a]\r\nk=v\r\n",
    ])
    func serializedParsesBackToTheSameGroups(text: String) {
        let file = KeyFile.parse(text).0
        let (again, problems) = KeyFile.parse(file.serialized())
        #expect(problems == [])
        #expect(again.groups.map(\.name) == file.groups.map(\.name))
        for group in file.groups {
            #expect(again.group(group.name)?.entries.map(\.key) == group.entries.map(\.key))
            #expect(again.group(group.name)?.entries.map(\.value) == group.entries.map(\.value))
        }
        #expect(again.serialized() == file.serialized())
    }

    @Test func setAddsOrReplacesAndWritesAnyValueBack() {
        var (file, _) = KeyFile.parse("[notifications]\nurgency=low\n")
        file.set("normal", for: "urgency", in: "notifications")
        file.set("4m", for: "tea", in: "presets")
        file.set(" \\ odd;\n\tvalue ", for: "odd one", in: "presets")
        #expect(flat(file) == [
            "[notifications] urgency=normal @0", "[presets] tea=4m @0", "[presets] odd one= \\ odd;\n\tvalue  @0",
        ])
        let again = KeyFile.parse(file.serialized()).0
        #expect(again.value("odd one", in: "presets")?.value == " \\ odd;\n\tvalue ")
        #expect(again.keys(in: "presets") == ["tea", "odd one"])
    }

    @Test func randomValuesRoundTrip() {
        var random = SplitMix64(seed: 0xC0FFEE)
        let alphabet: [Unicode.Scalar] = [" ", "\t", "\n", "\r", "\\", "s", "n", "=", "#", "[", "]", ";", ",", "é", "⏲", "\u{0C}", "a"]
        var file = KeyFile()
        for index in 0..<300 {
            var value = ""
            for _ in 0..<Int(random.next() % 12) {
                value.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
            }
            file.set(value, for: "k\(index)", in: "g\(index % 7)")
        }
        let (again, problems) = KeyFile.parse(file.serialized())
        #expect(problems == [])
        for group in file.groups {
            #expect(again.group(group.name)?.entries.map(\.value) == group.entries.map(\.value))
        }
    }

    // MARK: Problems

    @Test func problemsDescribeThemselvesWithTheFileAndLine() {
        let problem = KeyFile.Problem(line: 7, message: #""remind" needs a value after "=""#)
        #expect(problem.description == #"timerd.conf:7: "remind" needs a value after "=""#)
        #expect(problem.description(file: "/etc/x.conf") == #"/etc/x.conf:7: "remind" needs a value after "=""#)
        #expect(KeyFile.Problem(line: 0, message: "cannot open it").description == "timerd.conf: cannot open it")
    }

    @Test func aLargeFileLoadsInLinearTime() {
        // 100,000 keys in one group, several of them twice: quadratic duplicate checks would take minutes.
        var text = "[presets]\n"
        for index in 0..<100_000 { text += "timer\(index % 90_000)=\(index)m\n" }
        let clock = ContinuousClock()
        let start = clock.now
        let (file, problems) = KeyFile.parse(text)
        #expect(clock.now - start < .seconds(20))
        #expect(file.keys(in: "presets").count == 90_000)
        #expect(problems.count == 10_000)
        #expect(file.value("timer5", in: "presets")?.value == "90005m")
    }
}
