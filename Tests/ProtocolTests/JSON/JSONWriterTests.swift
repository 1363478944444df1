import TestSupport
import Testing
import Protocol

@Suite struct JSONWriterTests {
    static let strings: [(String, String)] = [
        ("", #""""#),
        ("pasta", #""pasta""#),
        ("a\"b", #""a\"b""#),
        ("a\\b", #""a\\b""#),
        ("/", #""/""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}", #""\u0000""#),
        ("\u{1}\u{1F}", #""\u0001\u001f""#),
        ("\u{B}", #""\u000b""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("\u{2028}", #""\u2028""#),
        ("\u{2029}", #""\u2029""#),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#),
        // Neighbours of U+2028 share its first bytes and must pass untouched.
        ("\u{2027}\u{202A}€", "\"\u{2027}\u{202A}€\""),
        ("â", "\"â\""),
        ("é e\u{301}", "\"é e\u{301}\""),
        ("パスタ", "\"パスタ\""),
        ("煮海鲜", "\"煮海鲜\""),
        ("라면", "\"라면\""),
        ("🍝", "\"🍝\""),
        ("tab\there \"quoted\" 🍝\n", #""tab\there \"quoted\" 🍝\n""#),
    ]

    @Test(arguments: strings)
    func escapesStrings(text: String, expected: String) throws {
        #expect(JSONWriter.string(.string(text)) == expected)
        #expect(try JSONParser.parse(expected) == .string(text))
    }

    static let numbers: [(JSONValue, String)] = [
        (0, "0"),
        (-1, "-1"),
        (480, "480"),
        (.integer(.max), "9223372036854775807"),
        (.integer(.min), "-9223372036854775808"),
        (480.0, "480"),
        (.number(0), "0"),
        (.number(-0.0), "-0"),
        (-123.0, "-123"),
        (999_999_999_999_999.0, "999999999999999"),
        (-999_999_999_999_999.0, "-999999999999999"),
        (1e15, "1000000000000000.0"),
        (1e16, "1e+16"),
        (0.5, "0.5"),
        (0.1, "0.1"),
        (123.456, "123.456"),
        (1e-5, "1e-05"),
        (-2.5e-8, "-2.5e-08"),
        (1e20, "1e+20"),
        (1.5e300, "1.5e+300"),
        (.number(.leastNonzeroMagnitude), "5e-324"),
        (.number(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
        (.number(-.greatestFiniteMagnitude), "-1.7976931348623157e+308"),
        (.number(.nan), "null"),
        (.number(.infinity), "null"),
        (.number(-.infinity), "null"),
    ]

    @Test(arguments: numbers)
    func formatsNumbers(value: JSONValue, expected: String) throws {
        #expect(JSONWriter.string(value) == expected)
        // Whatever is written must be JSON and, when finite, read back as the same number.
        let back = try JSONParser.parse(expected)
        if let d = value.doubleValue, d.isFinite {
            #expect(back.doubleValue == d)
            #expect(back.doubleValue?.sign == d.sign)
        } else if case .integer = value {
            #expect(back == value)
        } else {
            #expect(back == nil)
        }
    }

    @Test func writesOtherValuesCompactly() {
        #expect(JSONWriter.string(nil) == "null")
        #expect(JSONWriter.string(true) == "true")
        #expect(JSONWriter.string(false) == "false")
        #expect(JSONWriter.string([]) == "[]")
        #expect(JSONWriter.string([:]) == "{}")
        #expect(JSONWriter.string([1, [2, [3]], nil]) == "[1,[2,[3]],null]")
        #expect(JSONWriter.string(["a": [:], "b": []]) == #"{"a":{},"b":[]}"#)
    }

    @Test func keysComeOutInInsertionOrder() {
        var object: JSONObject = ["zeta": 1, "alpha": 2]
        object["mid"] = 3
        object["zeta"] = 4
        #expect(JSONWriter.string(.object(object)) == #"{"zeta":4,"alpha":2,"mid":3}"#)
        #expect(JSONWriter.string(["jsonrpc": "2.0", "method": "start", "params": ["name": "pasta", "seconds": 480], "id": 1])
            == #"{"jsonrpc":"2.0","method":"start","params":{"name":"pasta","seconds":480},"id":1}"#)
    }

    @Test func keysAreEscaped() {
        #expect(JSONWriter.string(["a\"\n": 1]) == #"{"a\"\n":1}"#)
    }

    @Test func writeAppendsToTheBuffer() {
        var output = Array("x".utf8)
        JSONWriter.write([1, "🍝"], into: &output)
        JSONWriter.write(nil, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "x[1,\"🍝\"]null")
    }

    // MARK: Round trips

    @Test func generatedValuesRoundTrip() throws {
        for seed: UInt64 in 1...300 {
            var rng = SplitMix64(seed: seed)
            let value = Self.randomValue(depth: 0, rng: &rng)
            var text: [UInt8] = []
            JSONWriter.write(value, into: &text)
            let parsed = try JSONParser.parse(text)
            #expect(parsed == Self.asReadBack(value), "seed \(seed)")
            var again: [UInt8] = []
            JSONWriter.write(parsed, into: &again)
            #expect(again == text, "seed \(seed): writing what was read changed the bytes")
            #expect(JSONWriter.string(value) == String(decoding: text, as: UTF8.self))
        }
    }

    @Test func randomDoublesRoundTripExactly() throws {
        var rng = SplitMix64(seed: 0x5EED)
        var checked = 0
        while checked < 5000 {
            let d = Double(bitPattern: rng.next())
            guard d.isFinite else { continue }
            checked += 1
            let text = JSONWriter.string(.number(d))
            let back = try JSONParser.parse(text).doubleValue
            #expect(back?.bitPattern == d.bitPattern, "\(text)")
        }
    }

    /// What the parser yields for the text of `value`: integral doubles written without
    /// a fraction come back as integers; everything else as it was.
    static func asReadBack(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let d) where d.magnitude < 1e15 && !(d == 0 && d.sign == .minus):
            if let i = Int64(exactly: d) { return .integer(i) }
            return value
        case .array(let elements):
            return .array(elements.map(asReadBack))
        case .object(let object):
            return .object(JSONObject(uniqueKeysWithValues: object.map { ($0.key, asReadBack($0.value)) }))
        default:
            return value
        }
    }

    static let pieces: [String] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}",
        "é", "\u{301}", "パ", "煮", "라", "🍝", "\u{2028}", "\u{2029}", "€", "\u{FFFD}", "\u{10FFFF}",
    ]

    static func randomString(rng: inout SplitMix64) -> String {
        let count = Int.random(in: 0...12, using: &rng)
        return (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func randomNumber(rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 1000
        case 2: return [-0.0, 1e15, -1e15, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude].randomElement(using: &rng)!
        default:
            var d: Double
            repeat { d = Double(bitPattern: rng.next()) } while !d.isFinite
            return d
        }
    }

    static func randomValue(depth: Int, rng: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth >= 4 ? 5 : 7), using: &rng) {
        case 0: return nil
        case 1: return .bool(Bool.random(using: &rng))
        case 2:
            let extremes: [Int64] = [.min, .max, 0, -1]
            return .integer(Bool.random(using: &rng)
                ? extremes.randomElement(using: &rng)!
                : Int64.random(in: .min ... .max, using: &rng))
        case 3: return .number(randomNumber(rng: &rng))
        case 4: return .string(randomString(rng: &rng))
        case 5:
            return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in randomValue(depth: depth + 1, rng: &rng) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                object[randomString(rng: &rng)] = randomValue(depth: depth + 1, rng: &rng)
            }
            return .object(object)
        }
    }
}
