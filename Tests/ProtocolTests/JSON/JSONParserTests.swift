import Testing
import Protocol

@Suite struct JSONParserTests {
    // MARK: Accepted

    static let scalars: [(String, JSONValue)] = [
        ("null", nil),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("1", 1),
        ("-1", -1),
        ("480", 480),
        ("9223372036854775807", .integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        ("9223372036854775808", .number(9_223_372_036_854_775_808.0)),
        ("-9223372036854775809", .number(-9_223_372_036_854_775_809.0)),
        ("18446744073709551616", .number(18_446_744_073_709_551_616.0)),
        ("0.0", .number(0)),
        ("1.5", 1.5),
        ("-1.5e3", -1500.0),
        ("480.0", 480.0),
        ("1E2", 100.0),
        ("1e+2", 100.0),
        ("1e-2", 0.01),
        ("0e0", 0.0),
        ("0.1", 0.1),
        ("123.456e-7", 123.456e-7),
        ("1e308", 1e308),
        ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
        ("5e-324", .number(.leastNonzeroMagnitude)),
        ("1e-400", 0.0),
        (#""""#, ""),
        (#""pasta""#, "pasta"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u00E9""#, "Aéé"),
        (#""\u0000""#, "\u{0}"),
        (#""\u001f\u007f""#, "\u{1F}\u{7F}"),
        (#""\u2028\u2029""#, "\u{2028}\u{2029}"),
        (#""\uD83C\uDF5D""#, "🍝"),
        (#""\ud83c\udf5d""#, "🍝"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""a\nb""#, "a\nb"),
        ("\"パスタ\"", "パスタ"),
        ("\"煮海鲜\"", "煮海鲜"),
        ("\"라면\"", "라면"),
        ("\"🍝\"", "🍝"),
        ("\"e\u{301}\"", "e\u{301}"),
        ("\"\u{7F}\"", "\u{7F}"),
        ("\"\u{10FFFF}\"", "\u{10FFFF}"),
    ]

    @Test(arguments: scalars)
    func parsesScalar(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    static let containers: [(String, JSONValue)] = [
        ("[]", []),
        ("{}", [:]),
        ("[1,2,3]", [1, 2, 3]),
        (" \t\r\n[ 1 ,\n[ ] , { } ]\n ", [1, [], [:]]),
        (#"{"name":"pasta","seconds":480}"#, ["name": "pasta", "seconds": 480]),
        (#"{"a":{"b":[true,null,{"c":-0.5}]}}"#, ["a": ["b": [true, nil, ["c": -0.5]]]]),
        (#"[[[[]]]]"#, [[[[]]]]),
        (#"{"":""}"#, ["": ""]),
        (#"{"a":1,"A":2}"#, ["a": 1, "A": 2]),
        (#"["🍝",{"パスタ":"라면"}]"#, ["🍝", ["パスタ": "라면"]]),
    ]

    @Test(arguments: containers)
    func parsesContainer(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test func minusZeroKeepsItsSign() throws {
        for text in ["-0", "-0.0", "-0e5"] {
            let value = try JSONParser.parse(text)
            #expect(value.doubleValue?.sign == .minus, "\(text)")
            #expect(value.int64Value == 0)
        }
        #expect(try JSONParser.parse("0") == .integer(0))
    }

    @Test func integersStayExactAtTheLimits() throws {
        #expect(try JSONParser.parse("9223372036854775807").int64Value == Int64.max)
        #expect(try JSONParser.parse("-9223372036854775808").int64Value == Int64.min)
        // One past the range is no longer an integer, and Int64 cannot hold it.
        let past = try JSONParser.parse("9223372036854775808")
        #expect(past == .number(9_223_372_036_854_775_808.0))
        #expect(past.int64Value == nil)
        #expect(try JSONParser.parse("9007199254740993") == .integer(9_007_199_254_740_993))
    }

    @Test func objectsKeepKeyOrder() throws {
        let value = try JSONParser.parse(#"{"zeta":1,"alpha":2,"mid":3}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
    }

    @Test func acceptsEveryContiguousInputAndOthers() throws {
        let text = #"{"a":[1,2]}"#
        let expected: JSONValue = ["a": [1, 2]]
        let array = Array(text.utf8)
        #expect(try JSONParser.parse(array) == expected)
        #expect(try JSONParser.parse(array[...]) == expected)
        #expect(try JSONParser.parse(text.utf8) == expected)
        let viaRaw = try array.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }
        #expect(viaRaw == expected)
        // Not contiguous: copied first.
        #expect(try JSONParser.parse(Array(text.utf8.reversed()).reversed()) == expected)
    }

    @Test func offsetsInASliceCountFromItsStart() {
        let framed = Array("xx[1,]".utf8)
        do {
            _ = try JSONParser.parse(framed[2...])
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 3)
        }
    }

    // MARK: Rejected

    /// Each reject with the start of its message and its offset.
    static let rejects: [([UInt8], String, Int)] = [
        (Array("".utf8), "no JSON value in input", 0),
        (Array(" \n\t\r ".utf8), "no JSON value in input", 5),
        (Array("[1,]".utf8), "unexpected character ']' at byte 3, expected a value", 3),
        (Array(#"{"a":1,}"#.utf8), "unexpected character '}' at byte 7, expected a string key", 7),
        (Array("[,1]".utf8), "unexpected character ',' at byte 1, expected a value", 1),
        (Array("[1,,2]".utf8), "unexpected character ',' at byte 3", 3),
        (Array("{,}".utf8), "unexpected character ',' at byte 1, expected a string key", 1),
        (Array("01".utf8), "leading zero in number at byte 0", 0),
        (Array("-01".utf8), "leading zero in number at byte 0", 0),
        (Array("[00]".utf8), "leading zero in number at byte 1", 1),
        (Array("1.".utf8), "unexpected end of input, expected a digit after '.'", 2),
        (Array("1.e3".utf8), "unexpected character 'e' at byte 2, expected a digit after '.'", 2),
        (Array(".5".utf8), "unexpected character '.' at byte 0, expected a value", 0),
        (Array("1e".utf8), "unexpected end of input, expected a digit after the exponent mark", 2),
        (Array("1e+".utf8), "unexpected end of input, expected a digit after the exponent mark", 3),
        (Array("-".utf8), "unexpected end of input, expected a digit after '-'", 1),
        (Array("-a".utf8), "unexpected character 'a' at byte 1, expected a digit after '-'", 1),
        (Array("+1".utf8), "unexpected character '+' at byte 0", 0),
        (Array("0x10".utf8), "unexpected character 'x' at byte 1, expected end of input", 1),
        (Array("NaN".utf8), "unexpected character 'N' at byte 0", 0),
        (Array("Infinity".utf8), "unexpected character 'I' at byte 0", 0),
        (Array("-Infinity".utf8), "unexpected character 'I' at byte 1", 1),
        (Array("1e400".utf8), "number out of range at byte 0", 0),
        (Array("[-1e400]".utf8), "number out of range at byte 1", 1),
        (Array(("1" + String(repeating: "0", count: 400)).utf8), "number out of range at byte 0", 0),
        (Array(#""\x""#.utf8), #"invalid escape '\x' in string at byte 1"#, 1),
        (Array(#""\U0041""#.utf8), #"invalid escape '\U' in string at byte 1"#, 1),
        (Array("\"\\\u{1}\"".utf8), "invalid escape byte 0x01 in string at byte 1", 1),
        (Array(#""\u12G4""#.utf8), #"invalid \u escape in string at byte 1"#, 1),
        (Array(#""\u12""#.utf8), #"invalid \u escape in string at byte 1"#, 1),
        (Array(#""\uD800""#.utf8), #"lone surrogate \uD800 in string at byte 1"#, 1),
        (Array(#""\uDC00\uD800""#.utf8), #"lone surrogate \uDC00 in string at byte 1"#, 1),
        (Array(#""\uD800\u0041""#.utf8), #"lone surrogate \uD800 in string at byte 1"#, 1),
        (Array(#""\uD800\uD800""#.utf8), #"lone surrogate \uD800 in string at byte 1"#, 1),
        (Array(#""ab\uD800x""#.utf8), #"lone surrogate \uD800 in string at byte 3"#, 3),
        (Array(#""\uDFFF""#.utf8), #"lone surrogate \uDFFF in string at byte 1"#, 1),
        (Array("\"a\tb\"".utf8), "unescaped control character 0x09 in string at byte 2", 2),
        (Array("\"a\nb\"".utf8), "unescaped control character 0x0A in string at byte 2", 2),
        (Array("\"\u{0}\"".utf8), "unescaped control character 0x00 in string at byte 1", 1),
        (Array(#""abc"#.utf8), "unterminated string", 0),
        (Array(#"["abc"#.utf8), "unterminated string", 1),
        (Array(#""\"#.utf8), "unterminated string", 0),
        (Array(#""\u00"#.utf8), "unterminated string", 0),
        (Array("'a'".utf8), "unexpected character ''' at byte 0", 0),
        (Array("tru".utf8), "unexpected end of input, expected 'true'", 3),
        (Array("trUe".utf8), "unexpected character 'U' at byte 2, expected 'true'", 2),
        (Array("True".utf8), "unexpected character 'T' at byte 0", 0),
        (Array("nul".utf8), "unexpected end of input, expected 'null'", 3),
        (Array("fals".utf8), "unexpected end of input, expected 'false'", 4),
        (Array("nulll".utf8), "unexpected character 'l' at byte 4, expected end of input", 4),
        (Array("[1 2]".utf8), "unexpected character '2' at byte 3, expected ',' or ']'", 3),
        (Array(#"{"a" 1}"#.utf8), "unexpected character '1' at byte 5, expected ':'", 5),
        (Array(#"{"a":1 "b":2}"#.utf8), "unexpected character '\"' at byte 7, expected ',' or '}'", 7),
        (Array("{1:2}".utf8), "unexpected character '1' at byte 1, expected a string key", 1),
        (Array("{a:2}".utf8), "unexpected character 'a' at byte 1, expected a string key", 1),
        (Array("[1]x".utf8), "unexpected character 'x' at byte 3, expected end of input after the value", 3),
        (Array("1 2".utf8), "unexpected character '2' at byte 2, expected end of input", 2),
        (Array("{} {}".utf8), "unexpected character '{' at byte 3, expected end of input", 3),
        (Array(#""a" "b""#.utf8), "unexpected character '\"' at byte 4, expected end of input", 4),
        (Array("[".utf8), "unexpected end of input, expected a value", 1),
        (Array("[1".utf8), "unexpected end of input, expected ',' or ']'", 2),
        (Array("{".utf8), "unexpected end of input, expected a string key", 1),
        (Array(#"{"a""#.utf8), "unexpected end of input, expected ':'", 4),
        (Array(#"{"a":"#.utf8), "unexpected end of input, expected a value", 5),
        (Array(#"{"a":1"#.utf8), "unexpected end of input, expected ',' or '}'", 6),
        (Array("]".utf8), "unexpected character ']' at byte 0", 0),
        (Array("[1}".utf8), "unexpected character '}' at byte 2, expected ',' or ']'", 2),
        (Array(#"{"a":1]"#.utf8), "unexpected character ']' at byte 6, expected ',' or '}'", 6),
        (Array("// c\n1".utf8), "unexpected character '/' at byte 0", 0),
        (Array("/* c */ 1".utf8), "unexpected character '/' at byte 0", 0),
        (Array("[1]//".utf8), "unexpected character '/' at byte 3", 3),
        // Whitespace is exactly space, tab, LF and CR.
        (Array("\u{A0}1".utf8), "unexpected byte 0xC2 at byte 0", 0),
        (Array("\u{C}1".utf8), "unexpected byte 0x0C at byte 0", 0),
        // A byte order mark is not JSON text; the wire never sends one.
        ([0xEF, 0xBB, 0xBF] + Array("1".utf8), "unexpected byte 0xEF at byte 0", 0),
        ([0xFF], "unexpected byte 0xFF at byte 0", 0),
        // Invalid UTF-8 inside strings: lone lead and continuation bytes, overlongs,
        // UTF-16 surrogates encoded as UTF-8, beyond U+10FFFF, truncated sequences.
        (quoted([0xC0, 0x80]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xC1, 0xBF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xFF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xFE]), "invalid UTF-8 in string at byte 1", 1),
        (quoted(Array("ab".utf8) + [0x80]), "invalid UTF-8 in string at byte 3", 3),
        (quoted([0xE0, 0x80, 0xAF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xE0, 0x9F, 0xBF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xF0, 0x80, 0x80, 0xAF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xF0, 0x8F, 0xBF, 0xBF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xED, 0xA0, 0x80]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xED, 0xBF, 0xBF]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xF4, 0x90, 0x80, 0x80]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xF5, 0x80, 0x80, 0x80]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xE2, 0x82]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xE2, 0x82, 0x41]), "invalid UTF-8 in string at byte 1", 1),
        (quoted([0xF0, 0x9F, 0x8D]), "invalid UTF-8 in string at byte 1", 1),
        ([0x22, 0xE2, 0x82], "invalid UTF-8 in string at byte 1", 1),
        (Array(#"{"k":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), "invalid UTF-8 in string at byte 6", 6),
    ]

    @Test(arguments: rejects)
    func rejectsInvalidText(input: [UInt8], message: String, offset: Int) {
        let error = parseError(input)
        #expect(error?.message.hasPrefix(message) == true, "got \(String(describing: error))")
        #expect(error?.offset == offset)
    }

    @Test func errorDescriptionIsTheMessage() {
        let error = parseError("[1,]")
        #expect(error?.description == "unexpected character ']' at byte 3, expected a value")
    }

    // MARK: Duplicate keys

    @Test func duplicateKeysAreRejected() {
        #expect(parseError(#"{"name":"pasta","name":"ramen"}"#)
            == JSONParseError(message: #"duplicate key "name" at byte 16"#, offset: 16))
        #expect(parseError(#"{"a":{"x":1,"x":1}}"#)?.message == #"duplicate key "x" at byte 12"#)
        // Same key in sibling objects is fine.
        #expect(parseError(#"[{"x":1},{"x":1}]"#) == nil)
    }

    @Test func duplicateKeysAreRejectedInLargeObjects() {
        // Past the linear-scan size the object indexes its keys; the check must still hold.
        let members = (0..<100).map { #""k\#($0)":\#($0)"# }
        #expect(parseError("{" + members.joined(separator: ",") + "}") == nil)
        let withRepeat = members + [#""k42":0"#]
        let text = "{" + withRepeat.joined(separator: ",") + "}"
        let offset = text.utf8.count - #""k42":0}"#.utf8.count
        #expect(parseError(text) == JSONParseError(message: #"duplicate key "k42" at byte \#(offset)"#, offset: offset))
    }

    @Test func duplicateKeyMessagesShowKeysSafely() {
        let long = String(repeating: "k", count: 1000)
        let message = parseError(#"{"\#(long)":1,"\#(long)":2}"#)?.message ?? ""
        #expect(message.utf8.count < 100)
        #expect(message.hasPrefix(#"duplicate key "kkkk"#))
        #expect(parseError(#"{"a\nb":1,"a\nb":2}"#)?.message.hasPrefix(#"duplicate key "a\nb""#) == true)
    }

    @Test func canonicallyEquivalentKeysAreDuplicates() {
        // Swift compares strings by canonical equivalence, so these are one key.
        #expect(parseError("{\"\u{E9}\":1,\"e\u{301}\":2}")?.message.hasPrefix("duplicate key") == true)
    }

    // MARK: Nesting

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONParser.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(text)
        var levels = 0
        while let inner = value.arrayValue {
            levels += 1
            value = inner.first ?? nil
        }
        #expect(levels == depth)
    }

    @Test func nestingPastTheLimitIsRejected() {
        let depth = JSONParser.defaultMaxDepth + 1
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(parseError(arrays) == JSONParseError(message: "nesting deeper than 64 levels", offset: 64))
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(parseError(objects) == JSONParseError(message: "nesting deeper than 64 levels", offset: 64 * 5))
    }

    @Test func hostileNestingIsAnErrorNotACrash() {
        let n = 100_000
        #expect(parseError(String(repeating: "[", count: n))?.message == "nesting deeper than 64 levels")
        #expect(parseError(String(repeating: "[", count: n) + String(repeating: "]", count: n))?.offset == 64)
        #expect(parseError(String(repeating: #"{"a":["#, count: n))?.message == "nesting deeper than 64 levels")
        // Even a generous limit does not recurse while parsing.
        #expect(parseError(String(repeating: "[", count: n), maxDepth: 1_000_000)?.message
            == "unexpected end of input, expected a value")
    }

    @Test func maxDepthIsConfigurable() {
        #expect(parseError("1", maxDepth: 0) == nil)
        #expect(parseError("[]", maxDepth: 0)?.message == "nesting deeper than 0 levels")
        #expect(parseError("[[1]]", maxDepth: 2) == nil)
        #expect(parseError("[[1]]", maxDepth: 1)?.message == "nesting deeper than 1 level")
    }
}
