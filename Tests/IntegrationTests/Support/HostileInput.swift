import TestSupport
import Foundation
import Protocol

/// A seeded generator of hostile protocol input, one category at a time, written by hand so
/// that each input is wrong in a chosen way (docs/security.md, "Hostile input").
///
/// Every input is a few bytes to write to the socket, followed by the newline the test adds;
/// all stay under the line limit (what goes over it is tested apart). The same seed gives the
/// same inputs, so a failure is reproduced with `TIMERD_FUZZ_SEED`.
struct HostileInput {
    enum Category: String, CaseIterable, Sendable {
        case randomBytes = "random bytes"
        case invalidUTF8 = "invalid UTF-8"
        case truncated = "truncated lines"
        case deepNesting = "deep nesting"
        case numbers = "numbers at the limits"
        case wrongTypes = "wrong types"
        case duplicateKeys = "duplicate keys"
        case unknownFields = "unknown fields"
        case methodCase = "methods in the wrong case"
        case batches = "batches"
    }

    private var rng: SplitMix64
    private var serial = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func next(_ category: Category) -> [UInt8] {
        serial += 1
        switch category {
        case .randomBytes: return randomBytes()
        case .invalidUTF8: return invalidUTF8()
        case .truncated: return truncated()
        case .deepNesting: return deepNesting()
        case .numbers: return numbers()
        case .wrongTypes: return wrongTypes(at: serial)
        case .duplicateKeys: return duplicateKeys()
        case .unknownFields: return unknownFields()
        case .methodCase: return methodCase()
        case .batches: return batch()
        }
    }

    // MARK: Building blocks

    /// A JSON value or member as raw text, so that it can be anything, even wrong.
    typealias Raw = [UInt8]
    typealias Member = (key: String, value: Raw)

    static func raw(_ text: String) -> Raw { Array(text.utf8) }
    static func string(_ text: String) -> Raw { Array(JSONWriter.string(.string(text)).utf8) }

    static func object(_ members: [Member]) -> Raw {
        var out: Raw = [UInt8(ascii: "{")]
        for (i, member) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += string(member.key) + [UInt8(ascii: ":")] + member.value
        }
        return out + [UInt8(ascii: "}")]
    }

    static func request(id: Raw? = raw("1"), method: Raw, params: Raw?) -> Raw {
        var members: [Member] = [("jsonrpc", string("2.0"))]
        if let id { members.append(("id", id)) }
        members.append(("method", method))
        if let params { members.append(("params", params)) }
        return object(members)
    }

    /// One valid request of each shape, for a timer of the fuzzer's own (never one of the
    /// timers the test holds): method and params members.
    static func templates(name: String) -> [(method: String, params: [Member]?)] {
        let n = string(name)
        return [
            ("start", [("name", n), ("seconds", raw("3600"))]),
            ("start", [("name", n), ("seconds", raw("3600")), ("volume", raw("40"))]),
            ("start", [("name", n), ("at", string("2030-01-01T00:00:00Z")), ("message", string("m")), ("remind", raw("[60]")), ("silent", raw("true"))]),
            ("start", [("name", n), ("seconds", raw("60")), ("rounds", raw("2")), ("then", raw(#"{"name":"break","seconds":30}"#)), ("sound", string("/tmp/x.oga"))]),
            ("list", nil), ("get", [("name", n)]), ("pause", [("name", n)]), ("resume", [("name", n)]),
            ("reset", [("name", n)]), ("cancel", [("name", n)]), ("extend", [("name", n), ("seconds", raw("60"))]),
            ("snooze", [("name", n), ("seconds", raw("60"))]), ("dismiss", [("name", n)]), ("dismiss", [("all", raw("true"))]),
            ("start", [("name", n), ("at", string("2030-01-01T09:55:00Z")), ("every", raw(#"{"weekdays":["mon","fri"],"time":"09:55"}"#))]),
            ("start", [("name", n), ("seconds", raw("3600")), ("exec", string("true"))]),
            ("toggle", [("name", n)]), ("skip", [("name", n)]),
            ("stopwatch", [("name", n), ("notifyEvery", raw("1500"))]), ("lap", [("name", n)]),
            ("subscribe", nil), ("ping", nil),
            ("history", [("limit", raw("10"))]), ("todo.add", [("name", n), ("items", raw(#"["a","b"]"#))]),
            ("todo.set", [("name", n), ("id", raw("1")), ("done", raw("true")), ("text", string("b"))]),
            ("todo.remove", [("name", n), ("ids", raw("[1]"))]), ("todo.remove", [("name", n), ("done", raw("true"))]),
        ]
    }

    /// A value of every JSON type, for wrong-type substitutions.
    static let everyType = [
        "null", "true", "false", "0", "-1", "1.5", "1e308", #""""#, #""x""#, "[]", "[1]", "{}", #"{"a":1}"#,
    ].map(raw)

    /// Names from a small pool, so that some requests find the fuzzer's earlier timers.
    private mutating func name() -> String {
        let pool = ["fz-\(int(0...39))", "fz-パスタ-\(int(0...3))", "fz-ﾗｰﾒﾝ", "fz-e\u{301}"]
        return pick(pool)
    }

    private mutating func template() -> (method: String, params: [Member]?) { pick(Self.templates(name: name())) }

    private mutating func validRequest() -> Raw {
        let t = template()
        return Self.request(id: Self.raw("\(serial)"), method: Self.string(t.method), params: t.params.map(Self.object))
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
    private mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    // MARK: Categories

    private mutating func randomBytes() -> Raw {
        let length = chance(50) ? int(0...64) : chance(80) ? int(65...1_024) : int(1_025...8_192)
        let jsonish = Self.raw(#"{}[]":,.-+eE0123456789 \ntrufalsn\/"#)
        let likeJSON = chance(50)
        return (0..<length).map { _ in likeJSON ? pick(jsonish) : UInt8.random(in: 0...255, using: &rng) }
    }

    private static let badUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFE], [0xFF], [0xE3, 0x81],
        [0xC3], [0xF0, 0x9F, 0x8D], Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8), Array(#"\ud800\u0041"#.utf8),
        Array(#"\ud83d\ud83d"#.utf8), Array(#"\u00"#.utf8), Array(#"\x41"#.utf8),
    ]

    private mutating func invalidUTF8() -> Raw {
        let bad = pick(Self.badUTF8)
        let t = template()
        func spoiled(_ text: String) -> Raw {
            let bytes = Array(text.utf8)
            let at = int(0...bytes.count)
            return [UInt8(ascii: "\"")] + bytes[..<at] + bad + bytes[at...] + [UInt8(ascii: "\"")]
        }
        switch int(0...5) {
        case 0: return Self.request(method: spoiled(t.method), params: t.params.map(Self.object))
        case 1: return Self.request(method: Self.string("get"), params: Self.raw(#"{"name":"#) + spoiled(name()) + Self.raw("}"))
        case 2:
            return Self.request(id: spoiled("id-\(serial)"), method: Self.string(t.method), params: t.params.map(Self.object))
        case 3:
            let params = Self.raw(#"{"name":"fz-1","seconds":60,"message":"#) + spoiled("drain the water") + Self.raw("}")
            return Self.request(method: Self.string("start"), params: params)
        case 4:
            // As a key.
            return Self.raw("{") + spoiled("jsonrpc") + Self.raw(#":"2.0","id":1,"method":"ping"}"#)
        default:
            // Outside any string.
            var line = validRequest()
            line.insert(contentsOf: bad, at: int(0...line.count))
            return line
        }
    }

    private mutating func truncated() -> Raw {
        let t = template()
        let name = chance(50) ? "fz-パスタ-煮海鲜-라면-🍝" : self.name()
        let full = Self.request(id: Self.raw("\(serial)"), method: Self.string(t.method), params: Self.object([("name", Self.string(name))] + (t.params ?? []).dropFirst()))
        let cut = Array(full[..<int(1...full.count - 1)])
        return chance(20) ? cut + validRequest() : cut
    }

    private mutating func deepNesting() -> Raw {
        // Around the limit (64) most often, and now and then as deep as a line allows.
        let depth = chance(60) ? int(60...68) : chance(70) ? int(1...200) : int(1_000...30_000)
        func repeated(_ text: String, _ n: Int) -> Raw { Array(repeating: Array(text.utf8), count: n).flatMap { $0 } }
        // Levels that fit in a line when each costs `bytes` bytes.
        func levels(_ bytes: Int) -> Int { min(depth, (Limits.maxRequestBytes - 16) / bytes) }
        switch int(0...4) {
        case 0: return repeated("[", levels(2)) + repeated("]", levels(2))
        case 1: return repeated("[", levels(1))
        case 2: return repeated(#"{"a":"#, levels(6)) + Self.raw("1") + repeated("}", levels(6))
        case 3: return repeated("[{\"k\":", levels(8)) + Self.raw("0") + repeated("}]", levels(8))
        default:
            // Inside a request, whose object and params already make two levels.
            let inner = int(58...66)
            let params = Self.raw(#"{"name":"fz-1","seconds":"#) + repeated("[", inner) + Self.raw("60") + repeated("]", inner) + Self.raw("}")
            return Self.request(method: Self.string("start"), params: params)
        }
    }

    static let extremeNumbers = [
        "0", "-0", "-0.0", "0.0", "0e0", "-0e-0", "1", "-1", "1.5", "1e308", "-1e308", "1.7976931348623157e308", "1e309",
        "-1e309", "5e-324", "-5e-324", "1e-400", "2.2250738585072014e-308", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551616", "1" + String(repeating: "0", count: 400),
        "0." + String(repeating: "0", count: 400) + "1", "31536000", "31536000.001", "315360001", "9.2e9", "100", "101",
        "1000", "1001", "1000.0", "1e3", "NaN", "-NaN", "Infinity", "-Infinity", "inf", "0x10", "1.", "-", ".5", "+1",
        "01", "-01", "1e", "1e+", "--1", "1_000", "1,5", #""NaN""#, #""1e308""#, #""-0""#, #""Infinity""#,
    ]

    private mutating func numbers() -> Raw {
        let number = Self.raw(pick(Self.extremeNumbers))
        let n = Self.string(name())
        switch int(0...8) {
        case 0: return Self.request(method: Self.string("start"), params: Self.object([("name", n), ("seconds", number)]))
        case 1: return Self.request(method: Self.string(pick(["extend", "snooze"])), params: Self.object([("name", n), ("seconds", number)]))
        case 2:
            return Self.request(method: Self.string("start"), params: Self.object([("name", n), ("seconds", Self.raw("60")), ("remind", Self.raw("[") + number + Self.raw("]"))]))
        case 3: return Self.request(method: Self.string("start"), params: Self.object([("name", n), ("seconds", Self.raw("60")), ("rounds", number)]))
        case 4:
            let then = Self.raw(#"{"name":"break","seconds":"#) + number + Self.raw("}")
            return Self.request(method: Self.string("start"), params: Self.object([("name", n), ("seconds", Self.raw("60")), ("then", then)]))
        case 5: return Self.request(method: Self.string("history"), params: Self.object([("limit", number)]))
        case 6: return Self.request(method: Self.string("todo.set"), params: Self.object([("name", n), ("id", number), ("done", Self.raw("true"))]))
        case 7: return Self.request(method: Self.string("todo.remove"), params: Self.object([("name", n), ("ids", Self.raw("[") + number + Self.raw("]"))]))
        default: return Self.request(id: number, method: Self.string("ping"), params: nil)
        }
    }

    /// Every (template, parameter or envelope member, value of each type), in order: the
    /// first `wrongTypeCases.count` inputs cover them all, later ones go round again.
    static let wrongTypeCases: [(template: Int, member: String, value: Raw)] = {
        var cases: [(Int, String, Raw)] = []
        for (t, template) in templates(name: "fz-1").enumerated() {
            for member in template.params ?? [] {
                for value in everyType { cases.append((t, member.key, value)) }
            }
        }
        for member in ["jsonrpc", "id", "method", "params"] {
            for value in everyType { cases.append((cases.count % templates(name: "").count, "/" + member, value)) }
        }
        return cases
    }()

    private func wrongTypes(at serial: Int) -> Raw {
        let c = Self.wrongTypeCases[(serial - 1) % Self.wrongTypeCases.count]
        let template = Self.templates(name: "fz-\(serial % 40)")[c.template]
        var envelope: [Member] = [("jsonrpc", Self.string("2.0")), ("id", Self.raw("\(serial)")), ("method", Self.string(template.method))]
        if let params = template.params { envelope.append(("params", Self.object(params))) }
        if c.member.hasPrefix("/") {
            let key = String(c.member.dropFirst())
            if let i = envelope.firstIndex(where: { $0.key == key }) { envelope[i].value = c.value } else { envelope.append((key, c.value)) }
        } else {
            let params = (template.params ?? []).map { $0.key == c.member ? ($0.key, c.value) : $0 }
            envelope[envelope.count - 1].value = Self.object(params)
        }
        return Self.object(envelope)
    }

    private mutating func duplicateKeys() -> Raw {
        let n = Self.string(name())
        switch int(0...5) {
        case 0: return Self.raw(#"{"jsonrpc":"2.0","id":1,"method":"ping","method":"list"}"#)
        case 1: return Self.raw(#"{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}"#)
        case 2: return Self.raw(#"{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"ping"}"#)
        case 3: return Self.request(method: Self.string("start"), params: Self.object([("name", n), ("seconds", Self.raw("60")), ("seconds", Self.raw("61"))]))
        case 4:
            // Equal under canonical equivalence, or once escapes are read.
            let twins = pick([("na\u{EF}ve", "nai\u{308}ve"), ("name", "\\u006eame"), ("é", "e\u{301}")])
            return Self.raw(#"{"jsonrpc":"2.0","id":1,"method":"get","params":{"name":"fz-1",""# + twins.0 + #"":1,""# + twins.1 + #"":2}}"#)
        default:
            let then = Self.raw(#"{"name":"a","name":"b","seconds":1}"#)
            return Self.request(method: Self.string("start"), params: Self.object([("name", n), ("seconds", Self.raw("60")), ("then", then)]))
        }
    }

    private mutating func unknownFields() -> Raw {
        let t = template()
        let key = pick([
            "foo", "Params", "ID", "", "__proto__", "constructor", "名前", String(repeating: "k", count: 2_000), "Name", "secs",
            "second", "name ", "nam\u{E9}", "\u{202E}name", "seconds\u{0}",
        ])
        let value = pick(Self.everyType)
        if chance(40) || t.params == nil {
            // Beside jsonrpc, id, method and params: ignored, as JSON-RPC lets a server do.
            var members: [Member] = [("jsonrpc", Self.string("2.0")), ("id", Self.raw("\(serial)")), ("method", Self.string(t.method))]
            if let params = t.params { members.append(("params", Self.object(params))) }
            members.insert((key, value), at: int(0...members.count))
            return Self.object(members)
        }
        var params = t.params!
        params.insert((key + "x", value), at: int(0...params.count))
        return Self.request(id: Self.raw("\(serial)"), method: Self.string(t.method), params: Self.object(params))
    }

    private mutating func methodCase() -> Raw {
        let method = pick(Methods.names)
        var variant = String(method.map { c in chance(50) ? Character(c.uppercased()) : c })
        if variant == method { variant = method.uppercased() }
        let odd = [
            " \(method)", "\(method) ", "\(method)\u{0}", method.replacingOccurrences(of: "i", with: "\u{131}"),
            method.replacingOccurrences(of: "i", with: "\u{130}").uppercased(), method.replacingOccurrences(of: "p", with: "\u{440}"),
            String(method.unicodeScalars.map { $0.value >= 0x61 && $0.value <= 0x7A ? Character(Unicode.Scalar($0.value + 0xFEE0)!) : Character($0) }),
            method.replacingOccurrences(of: ".", with: "_"),
        ].filter { $0 != method }
        if chance(25), let weird = odd.isEmpty ? nil : pick(odd) { variant = weird }
        let t = Self.templates(name: name()).first { $0.method == method }!
        return Self.request(id: Self.raw("\(serial)"), method: Self.string(variant), params: t.params.map(Self.object))
    }

    private mutating func batch() -> Raw {
        let count = chance(90) ? int(0...30) : pick([999, 1_000, 1_001, 1_500])
        var items: [Raw] = []
        for i in 0..<count {
            if count > 100 {
                items.append(chance(50) ? Self.raw(#"{"jsonrpc":"2.0","id":\#(i),"method":"ping"}"#) : Self.raw(pick(["1", "{}", #"{"jsonrpc":"2.0","method":"ping"}"#])))
                continue
            }
            switch int(0...5) {
            case 0: items.append(validRequest())
            case 1:
                // A notification: carried out, never answered.
                let t = template()
                items.append(Self.request(id: nil, method: Self.string(t.method), params: t.params.map(Self.object)))
            case 2: items.append(Self.raw(pick(["1", "null", #""x""#, "[]", "{}", "true"])))
            case 3: items.append(Self.raw(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#))
            case 4: items.append(methodCase())
            default: items.append(wrongTypes(at: int(1...Self.wrongTypeCases.count)))
            }
        }
        return Self.raw("[") + items.joined(separator: Self.raw(",")) + Self.raw("]")
    }
}
