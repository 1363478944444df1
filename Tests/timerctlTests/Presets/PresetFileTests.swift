import Glibc
import Protocol
import Testing
@testable import timerctl

/// `preset set/ls/rm` and `start NAME` against a real file in a scratch directory: what is
/// printed, what is warned about, and what the file holds afterwards, byte for byte.
@Suite struct PresetFileTests {
    /// What a run printed.
    final class Printed {
        var output = ""
        var warnings: [String] = []
    }

    struct Scratch {
        let directory: String
        var path: String { directory + "/timerd/timerd.conf" }
        let printed = Printed()

        var file: PresetFile {
            let printed = printed
            return PresetFile(path: path, output: { printed.output += $0 }, warn: { printed.warnings.append($0) })
        }

        func write(_ text: String) throws {
            try ConfigLocation.save(text, to: path)
        }

        var text: String? {
            guard case .read(let bytes) = ConfigLocation.contents(path: path) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Runs `command` and returns what it printed, clearing it for the next.
        func run(_ command: PresetCommand.Action) throws -> String {
            defer { printed.output = "" }
            try file.run(command)
            return printed.output
        }
    }

    static func withScratch(_ body: (Scratch) throws -> Void) throws {
        var template = Array("/tmp/timerctl-tests-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer {
            unlink(directory + "/timerd/timerd.conf")
            rmdir(directory + "/timerd")
            rmdir(directory)
        }
        try body(Scratch(directory: directory))
    }

    static let handWritten = """
        # My timers. Keep this comment.
        [notifications]
        sound = none

        [presets]
        tea = 3m
        this line is broken

        """

    @Test func aMissingFileHasNoPresetsAndTheFirstOneCreatesIt() throws {
        try Self.withScratch { scratch throws in
            #expect(try scratch.run(.list(json: false)) == "No presets yet. Save one with `timerctl preset set egg 6m30s`.\n")
            #expect(try scratch.run(.list(json: true)) == "[]\n")
            #expect(try scratch.run(.set(name: "egg", duration: "6 min 30 sec", message: nil))
                == "Saved preset egg: 6m30s. Start it with `timerctl start egg`.\n")
            #expect(scratch.text == "[presets]\negg=6m30s\n")
            #expect(scratch.printed.warnings.isEmpty)
        }
    }

    @Test func badLinesAreWarnedAboutByNumberAndKeptByteForByte() throws {
        try Self.withScratch { scratch in
            try scratch.write(Self.handWritten)
            #expect(try scratch.run(.set(name: "egg", duration: "0.5", message: "peel it")) == """
                Saved preset egg: 0.5s ("peel it"). Start it with `timerctl start egg`.

                """)
            #expect(scratch.printed.warnings == [
                #"timerd.conf:7: "this line is broken" is not a [group] header, a key=value line or a # comment"#,
            ])
            #expect(scratch.text == Self.handWritten.replacingFirst("broken\n", with: "broken\negg=0.5s\n")
                + "\n[preset-messages]\negg=peel it\n")
            #expect(try scratch.run(.list(json: false)) == """
                NAME  LENGTH  MESSAGE
                tea   3m
                egg   0.5s    peel it

                """)
            #expect(scratch.printed.warnings.count == 2, "each command that reads the file warns")

            #expect(try scratch.run(.remove(names: ["egg"])) == "Removed preset egg (0.5s).\n")
            #expect(scratch.text == Self.handWritten + "\n[preset-messages]\n")
        }
    }

    @Test func settingAgainReplacesAndSaysWhatItWas() throws {
        try Self.withScratch { scratch in
            try scratch.write("[presets]\negg = 5m   \n")
            #expect(try scratch.run(.set(name: "egg", duration: "6m30s", message: "soft"))
                == "Replaced preset egg: 6m30s (\"soft\"), was 5m.\n")
            #expect(try scratch.run(.set(name: "egg", duration: "390", message: "soft")) == "Preset egg is 6m30s already.\n")
            #expect(try scratch.run(.set(name: "egg", duration: "7m", message: nil))
                == "Replaced preset egg: 7m, was 6m30s (\"soft\").\n")
            #expect(scratch.text == "[presets]\negg = 7m\n\n[preset-messages]\n")
        }
    }

    @Test func aLineWhoseLengthCannotBeReadIsReplaced() throws {
        try Self.withScratch { scratch in
            try scratch.write("[presets]\negg=soon\n")
            #expect(try scratch.run(.set(name: "egg", duration: "1m", message: nil)) == "Replaced preset egg: 1m, was \"soon\".\n")
            #expect(scratch.printed.warnings.first?.hasPrefix("timerd.conf:2: preset \"egg\" is skipped") == true)
            #expect(scratch.text == "[presets]\negg=1m\n")
        }
    }

    @Test func namesAndLengthsAreCheckedBeforeTheFileIsTouched() throws {
        try Self.withScratch { scratch in
            for (command, message) in [
                (PresetCommand.Action.set(name: "egg[2]", duration: "1m", message: nil),
                 #"A preset name cannot contain "[" or "]": timerd.conf marks its [groups] with them. Choose another name, such as egg-2."#),
                (.set(name: "egg", duration: "soon", message: nil),
                 #""soon" is not a duration. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."#),
                (.set(name: "egg", duration: "1m", message: "a\u{1}"),
                 "The message contains a control character; use printable text (newlines are fine)."),
            ] {
                let error = try #require(throws: CtlFailure.self) { _ = try scratch.run(command) }
                #expect(error.message == message)
                #expect(error.exitCode == 2)
            }
            #expect(scratch.text == nil)
        }
    }

    @Test func aLookAlikeNameIsRefusedAndADecomposedOneIsWrittenInNFC() throws {
        try Self.withScratch { scratch in
            let error = try #require(throws: CtlFailure.self) {
                _ = try scratch.run(.set(name: "tea\u{200B}", duration: "3m", message: nil))
            }
            #expect(error.message == #"The name "tea\u{200b}" contains an invisible character (U+200B ZERO WIDTH SPACE) at position 4; remove it."#)
            #expect(scratch.text == nil)
            _ = try scratch.run(.set(name: "cafe\u{301}", duration: "3m", message: nil))
            #expect(Array(try #require(scratch.text).utf8) == Array("[presets]\ncaf\u{E9}=3m\n".utf8))
            #expect(try scratch.run(.set(name: "caf\u{E9}", duration: "3m", message: nil)) == "Preset caf\u{E9} is 3m already.\n")
        }
    }

    @Test func removingUnknownPresetsRemovesTheOthersAndFails() throws {
        try Self.withScratch { scratch in
            try scratch.write("[presets]\negg=6m30s\ntea=3m\nrice=20m\n")
            let error = try #require(throws: CtlFailure.self) { try scratch.file.run(.remove(names: ["egg", "nope", "egg"])) }
            #expect(error.message == #"No preset is named "nope". Presets: tea (3m), rice (20m)."#)
            #expect(error.exitCode == 1)
            #expect(scratch.printed.output == "Removed preset egg (6m30s).\n")
            #expect(scratch.text == "[presets]\ntea=3m\nrice=20m\n")
        }
    }

    @Test func startingAPresetOrSayingWhichThereAre() throws {
        try Self.withScratch { scratch in
            let none = try #require(throws: CtlFailure.self) { try scratch.file.preset(forStarting: "egg") }
            #expect(Refusal.text(try #require(none.usageError)) == """
                start needs a duration after the name, e.g. `timerctl start egg 8m`; or save one with \
                `timerctl preset set egg 6m30s`. There are no presets yet.
                Usage: timerctl start NAME [DURATION] [OPTIONS]
                """)
            #expect(none.exitCode == 2)
            try scratch.write("[presets]\negg=6m30s\ntea=3m\n[preset-messages]\ntea=bag out\n")
            #expect(try scratch.file.preset(forStarting: "tea") == Preset(name: "tea", duration: .seconds(180), message: "bag out"))
            let other = try #require(throws: CtlFailure.self) { try scratch.file.preset(forStarting: "rice") }
            #expect(other.message.contains("Presets: egg (6m30s), tea (3m)."))
        }
    }

    @Test func aFileThatCannotBeReadIsAWarningForReadingAndRefusedForChanging() throws {
        try Self.withScratch { scratch in
            #expect(mkdir(scratch.directory + "/timerd", 0o700) == 0)
            #expect(mkdir(scratch.path, 0o700) == 0)
            defer { rmdir(scratch.path) }
            #expect(try scratch.run(.list(json: false)).hasPrefix("No presets yet."))
            #expect(scratch.printed.warnings == [
                "timerd.conf: \(scratch.path) is a directory; timerd reads its settings from a text file there",
            ])
            let error = try #require(throws: CtlFailure.self) { _ = try scratch.run(.set(name: "egg", duration: "1m", message: nil)) }
            #expect(error.message
                == "Cannot change the presets: \(scratch.path) is a directory; timerd reads its settings from a text file there.")
            #expect(error.exitCode == 1)
        }
    }

    @Test func aFileThatIsNotUTF8IsReadButNotChanged() throws {
        try Self.withScratch { scratch in
            try scratch.write("[presets]\negg=1m\n")
            let fd = open(scratch.path, O_WRONLY | O_APPEND)
            var bytes: [UInt8] = [0x23, 0xFF, 0x0A]
            #expect(write(fd, &bytes, 3) == 3)
            close(fd)
            #expect(try scratch.run(.list(json: true)) == #"[{"name":"egg","seconds":60,"message":null,"options":null}]"# + "\n")
            #expect(scratch.printed.warnings == ["timerd.conf:3: the line is not UTF-8 text; save the file as UTF-8"])
            let error = try #require(throws: CtlFailure.self) { _ = try scratch.run(.remove(names: ["egg"])) }
            #expect(error.message == "Cannot change the presets: \(scratch.path) is not all UTF-8 text (see above); save it as UTF-8 first.")
        }
    }

    @Test func aFileThatCannotBeSavedIsNamedAndLeftAsItWas() throws {
        try Self.withScratch { scratch in
            // A link to nothing reads as no file, and cannot be saved through.
            let link = scratch.directory + "/timerd.conf"
            #expect(symlink(scratch.directory + "/gone/timerd.conf", link) == 0)
            defer { unlink(link) }
            let file = PresetFile(path: link, output: { _ in }, warn: { _ in })
            let error = try #require(throws: CtlFailure.self) { try file.run(.set(name: "egg", duration: "1m", message: nil)) }
            #expect(error.message == """
                Cannot save \(link): it is a symbolic link to \(scratch.directory)/gone/timerd.conf, which cannot be \
                reached (No such file or directory); create that file or remove the link. The presets are as they were.
                """)
            #expect(error.exitCode == 1)
        }
    }

    @Test func aPathThroughAFileIsAWarningForReadingAndRefusedForChanging() throws {
        try Self.withScratch { scratch in
            let blocker = scratch.directory + "/plain"
            let fd = creat(blocker, 0o600)
            #expect(fd >= 0)
            close(fd)
            defer { unlink(blocker) }
            var warnings: [String] = []
            let file = PresetFile(path: blocker + "/timerd.conf", output: { _ in }, warn: { warnings.append($0) })
            #expect(throws: Never.self) { try file.run(.list(json: false)) }
            #expect(warnings == ["timerd.conf: cannot open \(blocker)/timerd.conf: Not a directory"])
            let error = try #require(throws: CtlFailure.self) { try file.run(.set(name: "egg", duration: "1m", message: nil)) }
            #expect(error.message == "Cannot change the presets: cannot open \(blocker)/timerd.conf: Not a directory.")
        }
    }

    @Test func withoutALocationThereAreNoPresetsToReadNorAPlaceToSave() throws {
        let file = PresetFile(path: nil, output: { _ in }, warn: { _ in })
        #expect(throws: Never.self) { try file.run(.list(json: false)) }
        let error = try #require(throws: CtlFailure.self) { try file.run(.set(name: "egg", duration: "1m", message: nil)) }
        #expect(error.message.hasPrefix("Cannot tell where timerd.conf is"))
    }
}

extension String {
    /// `self` with the first occurrence of `target` replaced; unchanged when there is none.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
