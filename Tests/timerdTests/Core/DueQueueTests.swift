import TestSupport
import Testing

@testable import timerd

@Suite struct DueQueueTests {
    typealias Entry = DueQueue<Int>.Entry

    /// Every parent sorts before its children, ties by id.
    static func isHeap(_ queue: DueQueue<Int>) -> Bool {
        let e = queue.entries
        return e.indices.dropFirst().allSatisfy { child in
            let parent = e[(child - 1) / 2]
            return (parent.due, parent.id) <= (e[child].due, e[child].id)
        }
    }

    static func drain(_ queue: inout DueQueue<Int>) -> [Entry] {
        var out: [Entry] = []
        while let entry = queue.popMin() { out.append(entry) }
        return out
    }

    static func sorted(_ entries: [Entry]) -> [Entry] {
        entries.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
    }

    @Test func anEmptyQueueHasNothing() {
        var queue = DueQueue<Int>()
        #expect(queue.isEmpty)
        #expect(queue.count == 0)
        #expect(queue.min == nil)
        #expect(queue.popMin() == nil)
        #expect(queue.isEmpty)
    }

    @Test func popsInDueOrder() {
        var queue = DueQueue<Int>()
        for (due, id) in [(30, 1), (10, 2), (20, 3), (5, 4), (25, 5)] { queue.insert(due, id: UInt64(id)) }
        #expect(queue.count == 5)
        #expect(queue.min == Entry(due: 5, id: 4))
        #expect(Self.drain(&queue).map(\.due) == [5, 10, 20, 25, 30])
        #expect(queue.isEmpty)
    }

    @Test func tiesAreBrokenById() {
        var queue = DueQueue<Int>()
        for id: UInt64 in [3, 1, 5, 2, 4] { queue.insert(7, id: id) }
        queue.insert(8, id: 0)
        #expect(Self.drain(&queue) == [1, 2, 3, 4, 5].map { Entry(due: 7, id: $0) } + [Entry(due: 8, id: 0)])
    }

    @Test func duplicateEntriesAreAllKept() {
        var queue = DueQueue<Int>()
        queue.insert(1, id: 9)
        queue.insert(1, id: 9)
        #expect(Self.drain(&queue) == [Entry(due: 1, id: 9), Entry(due: 1, id: 9)])
    }

    /// Random inserts and pops, checked step by step against a sorted array. Dues come from
    /// a small range so that ties are common.
    @Test(arguments: [1 as UInt64, 2, 0xDEAD_BEEF])
    func randomOperationsMatchASortedReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = DueQueue<Int>()
        var reference: [Entry] = []
        var nextID: UInt64 = 0
        for step in 0..<5_000 {
            if reference.isEmpty || Int.random(in: 0..<5, using: &rng) < 3 {
                let entry = Entry(due: Int.random(in: -50...50, using: &rng), id: nextID)
                nextID += 1
                queue.insert(entry.due, id: entry.id)
                let at = reference.firstIndex { ($0.due, $0.id) > (entry.due, entry.id) } ?? reference.endIndex
                reference.insert(entry, at: at)
            } else {
                let popped = queue.popMin()
                let expected = reference.removeFirst()
                guard popped == expected else {
                    Issue.record("seed \(seed), step \(step): popped \(String(describing: popped)), expected \(expected)")
                    return
                }
            }
            guard queue.count == reference.count, queue.min == reference.first, Self.isHeap(queue) else {
                Issue.record("seed \(seed), step \(step): the queue no longer matches the reference")
                return
            }
        }
        #expect(Self.drain(&queue) == reference)
    }

    @Test(arguments: [0, 1, 2, 3, 7, 8, 100, 1_000])
    func rebuildMakesAHeapOfAnyItems(count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        let items = (0..<count).map { Entry(due: Int.random(in: 0...20, using: &rng), id: UInt64($0)) }.shuffled(using: &rng)
        var queue = DueQueue<Int>()
        queue.insert(-1, id: 99_999)
        queue.rebuild(items)
        #expect(queue.count == count)
        #expect(Self.isHeap(queue))
        #expect(Self.drain(&queue) == Self.sorted(items))
    }

    @Test func insertsAfterARebuildKeepTheOrder() {
        var queue = DueQueue<Int>()
        queue.rebuild([Entry(due: 5, id: 1), Entry(due: 3, id: 2), Entry(due: 9, id: 3)])
        queue.insert(4, id: 4)
        queue.insert(3, id: 0)
        #expect(Self.drain(&queue).map(\.id) == [0, 2, 4, 1, 3])
    }
}
