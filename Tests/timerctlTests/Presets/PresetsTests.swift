import Protocol
import Testing
@testable import timerctl

@Suite struct PresetsTests {
    static func load(_ text: String) -> ([Preset], [String]) {
        let (file, problems) = KeyFile.parse(text)
        #expect(problems.isEmpty, "the examples are well-formed key files: \(problems)")
        let (presets, more) = Presets.load(from: file)
        return (presets, more.map(\.description))
    }

    static let egg = Preset(name: "egg", duration: .seconds(390))
    static let tea = Preset(name: "tea", duration: .seconds(180), message: "take the bag out")

    // MARK: Reading

    @Test func presetsAndTheirMessagesInFileOrder() {
        let (presets, problems) = Self.load("""
            [notifications]
            sound=none
            [presets]
            egg = 6m30s
            tea=3 min
            rice=1:00:00
            [preset-messages]
            tea=take the bag out
            rice=
            """)
        #expect(presets == [Self.egg, Self.tea, Preset(name: "rice", duration: .seconds(3600))])
        #expect(problems.isEmpty)
    }

    @Test func noGroupNoPresets() {
        #expect(Self.load("").0.isEmpty)
        #expect(Self.load("[notifications]\nsound=none\n").0.isEmpty)
    }

    @Test func entriesThatCannotBeUsedAreSkippedAtTheirLine() {
        let long = String(repeating: "x", count: 65)
        let (presets, problems) = Self.load("""
            [presets]
            egg=6m30s
            soon=soon
            never=0
            empty=
            \(long)=1m
            #[x=1m
            [preset-messages]
            egg=ok
            ghost=boo
            soon=message of a skipped preset: not reported again
            """)
        #expect(presets == [Preset(name: "egg", duration: .seconds(390), message: "ok")])
        #expect(problems == [
            #"timerd.conf:3: preset "soon" is skipped: "soon" is not a duration. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds"#,
            #"timerd.conf:4: preset "never" is skipped: A timer needs a duration longer than zero"#,
            #"timerd.conf:5: preset "empty" needs a length after "=", such as empty=6m30s"#,
            #"timerd.conf:6: preset "\#(long)" is skipped: The name "xxxxxxxxxxxxxxxxxxxx…" is too long; use at most 64 characters"#,
            #"timerd.conf:10: the message for "ghost" belongs to no preset: [presets] has no ghost=; add one there or remove this line"#,
        ])
    }

    @Test func aMessageWithAControlCharacterIsNotUsed() {
        let (presets, problems) = Self.load("[presets]\negg=1m\n[preset-messages]\negg=a\u{7}b\n")
        #expect(presets == [Preset(name: "egg", duration: .seconds(60))])
        #expect(problems == [
            #"timerd.conf:4: the message of preset "egg" is not used: The message contains a control character; use printable text (newlines are fine)"#,
        ])
    }

    @Test func messagesKeepTheirEscapes() {
        let (presets, _) = Self.load("[presets]\negg=1m\n[preset-messages]\negg=\\sfirst\\nsecond; third, fourth\n")
        #expect(presets.first?.message == " first\nsecond; third, fourth")
    }

    // MARK: Names

    @Test(arguments: ["egg", "tea break", "パスタ", "煮海鲜", "a;b", "a#b", "-egg", "egg!"])
    func namesThatCanBePresets(name: String) {
        #expect(Presets.problem(withName: name) == nil)
    }

    @Test(arguments: [
        ("egg[large]", #"A preset name cannot contain "[" or "]": timerd.conf marks its [groups] with them. Choose another name, such as egg-large."#),
        ("[egg]", #"A preset name cannot contain "[" or "]": timerd.conf marks its [groups] with them. Choose another name, such as egg."#),
        ("egg[de]", #"A preset name cannot contain "[" or "]": timerd.conf marks its [groups] with them. Choose another name, such as egg-de."#),
        ("a=b", #"A preset name cannot contain "=": in timerd.conf it separates the name from the length. Choose another name, such as a-b."#),
        ("=", #"A preset name cannot contain "=": in timerd.conf it separates the name from the length. Choose another name."#),
        ("#1", ##"A preset name cannot start with "#": timerd.conf would read the line as a comment. Choose another name, such as 1."##),
        (" egg", #"The name " egg" starts or ends with a space; remove it."#),
        ("egg ", #"The name "egg " starts or ends with a space; remove it."#),
        ("", "A timer needs a name, such as pasta or 'tea break'."),
        ("a\tb", #"The name "a\tb" contains a control character (such as a newline or tab); use printable text."#),
    ])
    func namesThatCannot(name: String, problem: String) {
        #expect(Presets.problem(withName: name) == problem)
    }

    // MARK: Lengths

    @Test(arguments: [
        (Duration.seconds(390), "6m30s"), (.seconds(180), "3m"), (.seconds(3600), "1h"), (.seconds(86_400 * 8), "8d"),
        (.milliseconds(500), "0.5s"), (.milliseconds(1500), "1.5s"), (.milliseconds(90_250), "1m30.25s"),
        (.seconds(3600) + .milliseconds(1), "1h0.001s"), (.nanoseconds(1), "0.000000001s"),
    ])
    func lengthsAreWrittenShortAndExact(duration: Duration, written: String) throws {
        #expect(Presets.written(duration) == written)
        #expect(try DurationParser.parse(written) == duration)
    }

    @Test(arguments: ["6 min 30 sec", "390", "6:30", "+6m30s", "0:06:30", "6.5m"])
    func whateverWasTypedIsStoredCompact(typed: String) throws {
        #expect(Presets.written(try DurationParser.parse(typed)) == "6m30s")
    }

    // MARK: The file's text

    @Test func settingWritesBothGroupsAndRemovingBoth() {
        let text = "# mine\n[notifications]\nsound=none\n"
        let one = Presets.setting(Self.tea, in: text)
        #expect(one == "# mine\n[notifications]\nsound=none\n\n[presets]\ntea=3m\n\n[preset-messages]\ntea=take the bag out\n")
        let two = Presets.setting(Self.egg, in: one)
        #expect(two == "# mine\n[notifications]\nsound=none\n\n[presets]\ntea=3m\negg=6m30s\n\n[preset-messages]\ntea=take the bag out\n")
        let replaced = Presets.setting(Preset(name: "tea", duration: .seconds(240)), in: two)
        #expect(replaced == "# mine\n[notifications]\nsound=none\n\n[presets]\ntea=4m\negg=6m30s\n\n[preset-messages]\n",
                "a preset set again without a message loses its message")
        #expect(Presets.removing("egg", in: two) == one)
        #expect(Presets.removing("tea", in: one) == "# mine\n[notifications]\nsound=none\n\n[presets]\n\n[preset-messages]\n")
        #expect(Presets.removing("nope", in: two) == two)
        #expect(Presets.removing("a=b", in: two) == two, "a name that cannot be a key is not there")
        #expect(Self.load(two).0 == [Self.tea, Self.egg])
    }

    // MARK: What is shown

    @Test func table() {
        let long = Preset(name: "パスタ", duration: .milliseconds(500), message: "drain it\nthen salt")
        #expect(Presets.table([Self.egg, Self.tea, long]) == """
            NAME    LENGTH  MESSAGE
            egg     6m30s
            tea     3m      take the bag out
            パスタ  0.5s    drain it

            """)
        #expect(Presets.table([]) == "No presets yet. Save one with `timerctl preset set egg 6m30s`.\n")
    }

    @Test func json() throws {
        #expect(Presets.json([Self.egg]) == #"[{"name":"egg","seconds":390,"message":null,"options":null}]"# + "\n")
        #expect(Presets.json([Self.tea, Preset(name: "x", duration: .milliseconds(500))])
            == #"[{"name":"tea","seconds":180,"message":"take the bag out","options":null},{"name":"x","seconds":0.5,"message":null,"options":null}]"# + "\n")
        #expect(Presets.json([]) == "[]\n")
    }

    @Test func startWithoutADuration() {
        #expect(Presets.missingDuration(name: "egg", presets: [Self.egg, Self.tea]) == """
            start needs a duration after the name, e.g. `timerctl start egg 8m`; or save one with \
            `timerctl preset set egg 6m30s`. Presets: egg (6m30s), tea (3m).
            """)
        #expect(Presets.missingDuration(name: "tea break", presets: []) == """
            start needs a duration after the name, e.g. `timerctl start 'tea break' 8m`; or save one with \
            `timerctl preset set 'tea break' 6m30s`. There are no presets yet.
            """)
        #expect(Presets.missingDuration(name: nil, presets: []) == "start needs a name and a duration, e.g. `timerctl start pasta 8m`.")
        #expect(Presets.missingDuration(name: nil, presets: [Self.egg]) == """
            start needs a name and a duration, e.g. `timerctl start pasta 8m`, or the name of a preset: egg (6m30s).
            """)
    }

    @Test func longListsAreCut() {
        let many = (1...12).map { Preset(name: "t\($0)", duration: .seconds(Int64($0) * 60)) }
        #expect(Presets.listed(many) == "t1 (1m), t2 (2m), t3 (3m), t4 (4m), t5 (5m), t6 (6m), t7 (7m), t8 (8m), t9 (9m), t10 (10m), "
            + "2 more (`timerctl preset ls`)")
        #expect(Presets.listed([Preset(name: "tea break", duration: .seconds(60))]) == "'tea break' (1m)")
    }

    @Test func unknownNames() {
        #expect(Presets.unknown(["x"], presets: [Self.egg]) == #"No preset is named "x". Presets: egg (6m30s)."#)
        #expect(Presets.unknown(["x", "y", "z"], presets: []) == #"No presets are named "x", "y" or "z"; there are no presets yet."#)
    }
}
