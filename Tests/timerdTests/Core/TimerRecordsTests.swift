import TestSupport
import Protocol
import Testing

@testable import timerd

@Suite struct TimerRecordsTests {
    @Test func keepsRecordsInIdOrderWhateverOrderTheyCameIn() {
        var records = TimerRecords()
        for id: UInt64 in [5, 1, 9, 3, 7] { records[id] = runningRecord(id) }
        #expect(records.count == 5)
        #expect(records.values.map(\.id) == [1, 3, 5, 7, 9])
        #expect(records[3] == runningRecord(3))
        #expect(records[4] == nil)
        #expect(records[10] == nil)
    }

    @Test func replacingARecordKeepsItsPlaceAndReturnsTheOldOne() {
        var records = TimerRecords()
        for id: UInt64 in 1...3 { records[id] = runningRecord(id) }
        #expect(records.updateValue(runningRecord(2, minutes: 9), forKey: 2) == runningRecord(2))
        #expect(records.count == 3)
        #expect(records.values.map(\.id) == [1, 2, 3])
        #expect(records[2]?.length == .minutes(9))
    }

    @Test func removingLeavesTheOthersAndTheIdCanComeBack() {
        var records = TimerRecords()
        for id: UInt64 in 1...3 { records[id] = runningRecord(id) }
        #expect(records.removeValue(forKey: 2) == runningRecord(2))
        #expect(records.removeValue(forKey: 2) == nil)
        #expect(records.count == 2)
        #expect(records.values.map(\.id) == [1, 3])
        // A rollback puts a removed record back in its place.
        records[2] = runningRecord(2)
        #expect(records.values.map(\.id) == [1, 2, 3])
        #expect(records.count == 3)
    }

    @Test func holesAreSqueezedOutOnceTheyOutnumberTheRecords() {
        var records = TimerRecords()
        for id: UInt64 in 1...1_000 { records[id] = runningRecord(id) }
        for id: UInt64 in 1...1_000 where id % 10 != 0 { records[id] = nil }
        #expect(records.count == 100)
        #expect(records.slotCount <= 2 * 100 + 64)
        #expect(records.values.map(\.id) == Array(stride(from: 10, through: 1_000, by: 10)))
        // An id removed before the compaction goes back in order.
        records[15] = runningRecord(15)
        #expect(records.values.map(\.id).prefix(3) == [10, 15, 20])
        #expect(records[15] == runningRecord(15))
    }

    @Test func equalityIgnoresHoles() {
        var a = TimerRecords(), b = TimerRecords()
        for id: UInt64 in 1...3 { a[id] = runningRecord(id) }
        a[2] = nil
        b[1] = runningRecord(1)
        b[3] = runningRecord(3)
        #expect(a == b)
        b[3] = runningRecord(3, minutes: 9)
        #expect(a != b)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomChangesMatchADictionary(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var records = TimerRecords()
        var reference: [UInt64: TimerRecord] = [:]
        var nextID: UInt64 = 1
        for step in 0..<5_000 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                records[nextID] = runningRecord(nextID)
                reference[nextID] = runningRecord(nextID)
                nextID += 1
            case 4..<8:
                let id = UInt64.random(in: 1...nextID, using: &rng)
                #expect(records.removeValue(forKey: id) == reference.removeValue(forKey: id))
            default:
                // Old ids come back, as a rollback brings them.
                let id = UInt64.random(in: 1...nextID, using: &rng)
                let value = runningRecord(id, minutes: Int64(step % 60 + 1))
                #expect(records.updateValue(value, forKey: id) == reference.updateValue(value, forKey: id))
            }
            guard records.count == reference.count, records.slotCount <= 2 * records.count + 65,
                step % 100 != 0 || records.values.map(\.id) == reference.keys.sorted()
            else {
                Issue.record("seed \(seed), step \(step): the records no longer match the reference")
                return
            }
        }
        #expect(Array(records.values) == reference.keys.sorted().map { reference[$0]! })
    }
}
