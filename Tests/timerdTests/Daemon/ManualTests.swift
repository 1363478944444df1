import Glibc
import Testing
@testable import timerd

/// timerd(1) and timerd.conf(5) are written by hand (docs/man, in scdoc(5) syntax); these keep
/// them in step with the options timerd takes and the settings it reads.
@Suite struct ManualTests {
    static func read(_ relative: String) throws -> String {
        var root = #filePath
        for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }  // Tests/timerdTests/Daemon/this file
        let file = try #require(fopen(root + "/" + relative, "r"), "\(relative)")
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[..<n] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `--socket`, `-v`: the words of `text` that are options.
    static func options(in text: String) -> Set<String> {
        let words = text.split(whereSeparator: { " \n,[]|".contains($0) })
        return Set(words.filter { $0.hasPrefix("-") && $0.dropFirst().first?.isLetter == true || $0.hasPrefix("--") && $0.count > 2 }
            .map(String.init))
    }

    @Test func timerdPageHasEveryOption() throws {
        let page = try Self.read("docs/man/timerd.1.scd")
        let documented = Self.options(in: page.replacingOccurrences("*", with: ""))
        let taken = Self.options(in: Options.usage)
        #expect(taken.isSuperset(of: ["--socket", "--state-dir", "-v", "--verbose", "--version", "-h", "--help"]), "\(taken)")
        for option in taken {
            #expect(documented.contains(option), "timerd(1) lacks \(option)")
        }
        for option in taken {
            let arguments = ["--socket", "--state-dir", "--started-by"].contains(option) ? [option, "/tmp/x"] : [option]
            #expect(throws: Never.self, "\(option)") { try Options.parse(arguments) }
        }
    }

    @Test func confPageHasEveryKey() throws {
        let page = try Self.read("docs/man/timerd.conf.5.scd")
        #expect(page.contains("\n# [\(NotificationSettings.group)]\n"))
        for key in NotificationSettings.knownKeys {
            #expect(page.contains("\n*\(key) ="), "timerd.conf(5) lacks \(key)")
        }
        #expect(page.contains("\n# [\(HookSettings.group)]\n"))
        for key in HookSettings.knownKeys {
            #expect(page.contains("\n*\(key) ="), "timerd.conf(5) lacks \(key) in [hooks]")
        }
        for name in HookEnvironment.factNames {
            #expect(page.contains("*\(name)*"), "timerd.conf(5) does not say what \(name) holds")
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
