import Testing
@testable import Protocol

@Suite struct JSONValueTests {
    @Test func literalsBuildTheExpectedCases() {
        let value: JSONValue = ["name": "pasta", "seconds": 480, "ratio": 0.5, "loud": true, "tag": nil, "list": [1, "a"]]
        #expect(value == .object(JSONObject(uniqueKeysWithValues: [
            ("name", .string("pasta")),
            ("seconds", .integer(480)),
            ("ratio", .number(0.5)),
            ("loud", .bool(true)),
            ("tag", .null),
            ("list", .array([.integer(1), .string("a")])),
        ])))
    }

    @Test func accessorsAnswerOnlyForTheirCase() {
        let value: JSONValue = ["name": "pasta", "seconds": 480, "half": 0.5, "loud": false, "tag": nil, "list": [1]]
        #expect(value["name"]?.stringValue == "pasta")
        #expect(value["seconds"]?.int64Value == 480)
        #expect(value["seconds"]?.doubleValue == 480)
        #expect(value["half"]?.doubleValue == 0.5)
        #expect(value["half"]?.int64Value == nil)
        #expect(value["loud"]?.boolValue == false)
        #expect(value["tag"]?.isNull == true)
        #expect(value["list"]?.arrayValue == [1])
        #expect(value.objectValue?.count == 6)
        #expect(value["missing"] == nil)
        #expect(value["name"]?["x"] == nil)
        #expect(JSONValue.string("480").int64Value == nil)
        #expect(JSONValue.integer(1).stringValue == nil)
        #expect(JSONValue.integer(0).isNull == false)
    }

    @Test func int64ValueAcceptsIntegralNumbersInRange() {
        #expect(JSONValue.number(480.0).int64Value == 480)
        #expect(JSONValue.number(-0.0).int64Value == 0)
        #expect(JSONValue.number(-9_223_372_036_854_775_808.0).int64Value == .min)
        #expect(JSONValue.number(9_223_372_036_854_775_808.0).int64Value == nil)
        #expect(JSONValue.number(1e19).int64Value == nil)
        #expect(JSONValue.number(.nan).int64Value == nil)
        #expect(JSONValue.number(.infinity).int64Value == nil)
    }

    @Test func integerAndNumberAreDistinctCases() {
        #expect(JSONValue.integer(480) != JSONValue.number(480))
        #expect(JSONValue.integer(480).doubleValue == JSONValue.number(480).doubleValue)
    }

    @Test func descriptionIsCompactJSON() {
        let value: JSONValue = ["a": [1, "b"]]
        #expect(value.description == #"{"a":[1,"b"]}"#)
    }
}

@Suite struct JSONObjectTests {
    @Test func keepsInsertionOrderAndReplacesInPlace() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 10
        #expect(object.keys == ["b", "a", "c"])
        #expect(object.values == [10, 2, 3])
        #expect(object.map(\.key) == ["b", "a", "c"])
        #expect(object.updateValue(20, forKey: "a") == 2)
        #expect(object.updateValue(4, forKey: "d") == nil)
        #expect(object.count == 4)
    }

    @Test func assigningNilRemoves() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.removeValue(forKey: "a") == 1)
        #expect(object.removeValue(forKey: "zz") == nil)
        #expect(object.keys == ["c"])
        #expect(!object.isEmpty)
        object["c"] = nil
        #expect(object.isEmpty)
    }

    @Test func storingNullIsNotRemoving() {
        var object = JSONObject()
        object["a"] = .null
        #expect(object.count == 1)
        #expect(object["a"] == .null)
    }

    @Test func equalityIgnoresOrder() {
        let a: JSONObject = ["x": 1, "y": [true]]
        let b: JSONObject = ["y": [true], "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([JSONValue.object(a), .object(b)]).count == 1)
        #expect(a != ["x": 1, "y": [false]])
        #expect(a != ["x": 1])
        #expect(a != ["x": 1, "z": [true]])
    }

    @Test func largeObjectsStayConsistent() {
        // Crossing the linear-scan limit in both directions, with lookups on the way.
        var object = JSONObject()
        let n = JSONObject.linearScanLimit * 3
        for i in 0..<n { object["k\(i)"] = .integer(Int64(i)) }
        for i in 0..<n { #expect(object["k\(i)"] == .integer(Int64(i))) }
        object["k5"] = "five"
        #expect(object.keys[5] == "k5")
        #expect(object["k5"] == "five")
        object["k5"] = 5
        for i in stride(from: 0, to: n, by: 2) { object["k\(i)"] = nil }
        #expect(object.count == n / 2)
        for i in 0..<n { #expect(object["k\(i)"] == (i % 2 == 0 ? nil : .integer(Int64(i)))) }
        while let key = object.keys.last { object[key] = nil }
        #expect(object.isEmpty)
        object["again"] = 1
        #expect(object["again"] == 1)
    }

    @Test func largeObjectsCompareRegardlessOfOrder() {
        let members = (0..<40).map { ("k\($0)", JSONValue.integer(Int64($0))) }
        let a = JSONObject(uniqueKeysWithValues: members)
        let b = JSONObject(uniqueKeysWithValues: members.reversed())
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }
}
