import Glibc
import Protocol
import Testing
@testable import timerctl

/// `--sound FILE` is checked while the user is there: a file that is not a sound is refused
/// with what to give instead, not found out when the timer ends.
@Suite struct SoundFileTests {
    @Test(arguments: [
        (Array("OggS\0\u{2}".utf8), true), (Array("fLaC\0\0\0\"".utf8), true), (Array("ID3\u{4}\0".utf8), true),
        (Array("RIFF\u{24}\0\0\0WAVE".utf8), true), ([0xFF, 0xFB, 0x90, 0x64], true),
        (Array("root:x:0:0:root:/root:/bin/bash".utf8), false), (Array("RIFF\u{24}\0\0\0AVI ".utf8), false),
        (Array("\u{89}PNG\r\n".utf8), false),
    ])
    func aSoundFileIsKnownByItsFirstBytes(head: [UInt8], sound: Bool) {
        #expect(SoundFiles.isSound(head: head) == sound)
    }

    @Test func aFileThatIsNoSoundIsRefusedWithWhatToGive() throws {
        let directory = String(cString: mkdtemp(strdup("/tmp/timerctl-sound.XXXXXX")!))
        defer { _ = unlink(directory + "/passwd"); _ = unlink(directory + "/bell.oga"); _ = rmdir(directory) }
        _ = "root:x:0:0:root:/root:/bin/bash\n".withCString { text in
            let fd = creat(directory + "/passwd", 0o600)
            defer { close(fd) }
            return write(fd, text, strlen(text))
        }
        _ = "OggS\0\u{2}rest".withCString { text in
            let fd = creat(directory + "/bell.oga", 0o600)
            defer { close(fd) }
            return write(fd, text, 10)
        }
        let files = SoundFiles.live(currentDirectory: directory)
        #expect(files.problem(directory + "/passwd") == .notSound)
        #expect(files.problem(directory + "/bell.oga") == nil)
        let failure = try #require(throws: CtlFailure.self) { try files.playable("passwd") }
        #expect(failure.message == """
            \(directory)/passwd is not a sound file timerd can play (Ogg, WAV, FLAC or MP3); give one such as \
            /usr/share/sounds/freedesktop/stereo/complete.oga, or leave out --sound for the usual sound.
            """)
        #expect(failure.exitCode == 2)
    }
}
