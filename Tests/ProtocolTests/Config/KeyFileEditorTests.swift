import Testing
import Protocol

@Suite struct KeyFileEditorTests {
    /// A comment, other groups, blank lines and odd spacing: what a person's file looks like.
    static let handWritten = """
        # timerd settings
        [notifications]
        remind = 1h;10m   
        sound=none

        # Remembered timers
        [presets]
        egg = 6m30s
        tea=3m

        # Their messages
        [preset-messages]
        tea=Take the bag out

        """

    /// (what the case shows, the text, the key and value set in [presets], the result).
    static let settings: [(String, String, String, String, String)] = [
        ("an existing key keeps its place and its spacing",
         "[presets]\negg = 5m\ntea=3m\n", "egg", "6m30s", "[presets]\negg = 6m30s\ntea=3m\n"),
        ("trailing blanks after the old value go with it",
         "[presets]\negg=5m  \t\n", "egg", "6m30s", "[presets]\negg=6m30s\n"),
        ("a new key goes after the group's last key",
         "[presets]\negg=6m30s\n\n[other]\nk=v\n", "tea", "3m", "[presets]\negg=6m30s\ntea=3m\n\n[other]\nk=v\n"),
        ("a comment introducing the next group stays with it",
         "[presets]\negg=6m30s\n# next\n[other]\n", "tea", "3m", "[presets]\negg=6m30s\ntea=3m\n# next\n[other]\n"),
        ("an empty group gets its first key under the header",
         "[presets]\n\n[other]\nk=v\n", "tea", "3m", "[presets]\ntea=3m\n\n[other]\nk=v\n"),
        ("a missing group is added at the end after a blank line",
         "[notifications]\nsound=none\n", "egg", "6m30s", "[notifications]\nsound=none\n\n[presets]\negg=6m30s\n"),
        ("no second blank line when the file ends with one",
         "[notifications]\nsound=none\n\n", "egg", "6m30s", "[notifications]\nsound=none\n\n[presets]\negg=6m30s\n"),
        ("an empty file gets the group alone", "", "egg", "6m30s", "[presets]\negg=6m30s\n"),
        ("a file without a final line break: a new key", "[presets]\negg=5m", "tea", "3m", "[presets]\negg=5m\ntea=3m"),
        ("a file without a final line break: an existing key", "[presets]\negg=5m", "egg", "1m", "[presets]\negg=1m"),
        ("a file without a final line break: a new group",
         "[notifications]\nsound=none", "egg", "1m", "[notifications]\nsound=none\n\n[presets]\negg=1m\n"),
        ("CRLF: an existing key keeps its CRLF",
         "[presets]\r\negg=5m\r\ntea=3m\r\n", "egg", "1m", "[presets]\r\negg=1m\r\ntea=3m\r\n"),
        ("CRLF: a new key ends in CRLF",
         "[presets]\r\negg=5m\r\n", "tea", "3m", "[presets]\r\negg=5m\r\ntea=3m\r\n"),
        ("CRLF: a new group ends in CRLF",
         "# c\r\n[a]\r\nk=v\r\n", "egg", "1m", "# c\r\n[a]\r\nk=v\r\n\r\n[presets]\r\negg=1m\r\n"),
        ("CRLF without a final line break",
         "[presets]\r\negg=5m", "tea", "3m", "[presets]\r\negg=5m\r\ntea=3m"),
        ("a key set twice: the line in use (the last) changes",
         "[presets]\negg=1m\negg=2m\n", "egg", "3m", "[presets]\negg=1m\negg=3m\n"),
        ("a group named twice: the key is found in either stretch",
         "[presets]\negg=1m\n[a]\nk=v\n[presets]\ntea=2m\n", "egg", "3m", "[presets]\negg=3m\n[a]\nk=v\n[presets]\ntea=2m\n"),
        ("a group named twice: a new key goes to its last stretch",
         "[presets]\negg=1m\n[a]\nk=v\n[presets]\ntea=2m\n", "rice", "20m",
         "[presets]\negg=1m\n[a]\nk=v\n[presets]\ntea=2m\nrice=20m\n"),
        ("the same key in another group is left alone",
         "[a]\negg=1m\n[presets]\negg=2m\n", "egg", "3m", "[a]\negg=1m\n[presets]\negg=3m\n"),
        ("a line whose value could not be read is mended",
         "[presets]\negg=6m\\q\n", "egg", "6m", "[presets]\negg=6m\n"),
        ("a malformed line in the group counts as its content",
         "[presets]\nnot a line\n\n[a]\n", "egg", "6m", "[presets]\nnot a line\negg=6m\n\n[a]\n"),
        ("keys under a header the parser refuses are no group's",
         "[presets\negg=1m\n", "egg", "2m", "[presets\negg=1m\n\n[presets]\negg=2m\n"),
        ("a commented-out key is not the key",
         "[presets]\n# egg=1m\n", "egg", "2m", "[presets]\negg=2m\n# egg=1m\n"),
        ("a byte order mark stays", "\u{FEFF}[presets]\negg=1m\n", "egg", "2m", "\u{FEFF}[presets]\negg=2m\n"),
        ("indented lines keep their indentation",
         "  [presets]\n  egg = 1m\n", "egg", "2m", "  [presets]\n  egg = 2m\n"),
        ("an empty value is replaced", "[presets]\negg=\n", "egg", "2m", "[presets]\negg=2m\n"),
        ("an empty value is written", "[presets]\negg=1m\n", "egg", "", "[presets]\negg=\n"),
        ("escapes: backslash, newline, tab and edge spaces",
         "", "egg", " a\\b\nc\td ", "[presets]\negg=\\sa\\\\b\\nc\\td\\s\n"),
        ("a value with = ; # and [ ] is written as it is",
         "", "egg", "#x=[y];z", "[presets]\negg=#x=[y];z\n"),
        ("keys with spaces and any script", "[presets]\n", "tea break", "3m", "[presets]\ntea break=3m\n"),
        ("keys compare exactly", "[presets]\nEgg=1m\n", "egg", "2m", "[presets]\nEgg=1m\negg=2m\n"),
    ]

    @Test(arguments: settings)
    func setting(_ example: (String, String, String, String, String)) {
        let (what, text, key, value, expected) = example
        let result = KeyFileEditor.setting(value, for: key, in: "presets", text: text)
        #expect(result == expected, "\(what)")
        #expect(KeyFile.parse(result).0.value(key, in: "presets")?.value == value, "reads back: \(what)")
    }

    /// (what the case shows, the text, the key removed from [presets], the result).
    static let removals: [(String, String, String, String)] = [
        ("one key of several", "[presets]\negg=1m\ntea=2m\n", "egg", "[presets]\ntea=2m\n"),
        ("the last key of a group: the header stays", "[presets]\negg=1m\n\n[a]\nk=v\n", "egg", "[presets]\n\n[a]\nk=v\n"),
        ("a key set twice: every line goes", "[presets]\negg=1m\ntea=2m\negg=3m\n", "egg", "[presets]\ntea=2m\n"),
        ("in both stretches of a group named twice",
         "[presets]\negg=1m\n[a]\negg=2m\n[presets]\negg=3m\n", "egg", "[presets]\n[a]\negg=2m\n[presets]\n"),
        ("a missing key changes nothing", "[presets]\ntea=2m\n", "egg", "[presets]\ntea=2m\n"),
        ("a missing group changes nothing", "[a]\negg=2m", "egg", "[a]\negg=2m"),
        ("the last line of a file without a final line break",
         "[presets]\ntea=2m\negg=1m", "egg", "[presets]\ntea=2m"),
        ("CRLF", "[presets]\r\negg=1m\r\ntea=2m\r\n", "egg", "[presets]\r\ntea=2m\r\n"),
        ("a line whose value could not be read", "[presets]\negg=\\q\ntea=1m\n", "egg", "[presets]\ntea=1m\n"),
        ("comments around it stay", "[presets]\n# eggs\negg=1m\n# tea\n", "egg", "[presets]\n# eggs\n# tea\n"),
        ("an empty file", "", "egg", ""),
    ]

    @Test(arguments: removals)
    func removing(_ example: (String, String, String, String)) {
        let (what, text, key, expected) = example
        let result = KeyFileEditor.removing(key: key, in: "presets", text: text)
        #expect(result == expected, "\(what)")
        #expect(KeyFile.parse(result).0.value(key, in: "presets") == nil, "\(what)")
    }

    /// Every line but the one changed is the same, byte for byte.
    @Test func everythingElseIsUntouched() {
        let set = KeyFileEditor.setting("7m", for: "egg", in: "presets", text: Self.handWritten)
        #expect(set == Self.handWritten.replacingFirst("egg = 6m30s", with: "egg = 7m"))
        let added = KeyFileEditor.setting("20m", for: "rice", in: "presets", text: Self.handWritten)
        #expect(added == Self.handWritten.replacingFirst("tea=3m\n", with: "tea=3m\nrice=20m\n"))
        let removed = KeyFileEditor.removing(key: "tea", in: "preset-messages", text: Self.handWritten)
        #expect(removed == Self.handWritten.replacingFirst("tea=Take the bag out\n", with: ""))
        let message = KeyFileEditor.setting("Peel", for: "egg", in: "preset-messages", text: Self.handWritten)
        #expect(message == Self.handWritten.replacingFirst("tea=Take the bag out\n", with: "tea=Take the bag out\negg=Peel\n"))
        // The parser sees the same file with the one change.
        let before = KeyFile.parse(Self.handWritten).0
        #expect(KeyFile.parse(set).0.value("egg", in: "presets")?.value == "7m")
        #expect(KeyFile.parse(set).0.keys(in: "notifications") == before.keys(in: "notifications"))
        #expect(KeyFile.parse(set).1.isEmpty)
    }

    /// Set then remove gives back the file, for a key that was not there.
    @Test(arguments: [handWritten, "", "[presets]\negg=1m", "[presets]\r\negg=1m\r\n", "# only a comment\n", "[a]\nk=v"])
    func settingANewKeyAndRemovingItAgainChangesOnlyTheBlankLineAndHeader(text: String) {
        let set = KeyFileEditor.setting("3m", for: "tea break", in: "presets", text: text)
        let removed = KeyFileEditor.removing(key: "tea break", in: "presets", text: set)
        if KeyFile.parse(text).0.group("presets") != nil {
            #expect(removed == text)
        } else {
            // The group added stays, as the header of any emptied group does.
            #expect(removed.hasSuffix("[presets]\n") || removed.hasSuffix("[presets]\r\n"))
        }
    }
}

extension String {
    /// `self` with the first occurrence of `target` replaced; unchanged when there is none.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
