/// A binary min-heap of (due instant, timer id): the next timer to fire is found in O(1)
/// and an insertion or removal costs O(log n).
///
/// Entries are never updated in place. When a timer is paused, cancelled or re-armed its
/// old entry simply becomes stale; the owner checks each popped entry against the timer
/// table and drops stale ones ("lazy deletion"), and rebuilds the heap when stale entries
/// outnumber live ones.
struct DueQueue<Key: Comparable & Hashable & Sendable>: Sendable {
    struct Entry: Sendable, Hashable {
        var due: Key
        var id: UInt64
        /// 0 for the timer's end; n for its n-th reminder (index n - 1 in `reminders`).
        var reminder: Int = 0
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var min: Entry? { entries.first }

    mutating func insert(_ due: Key, id: UInt64, reminder: Int = 0) {
        entries.append(Entry(due: due, id: id, reminder: reminder))
        siftUp(entries.count - 1)
    }

    /// Every entry due at or before `limit`, in no particular order, in O(k) for k of them:
    /// a subtree whose root is later than `limit` holds nothing earlier.
    func entries(upTo limit: Key) -> [Entry] {
        var found: [Entry] = []
        var stack = entries.isEmpty ? [] : [0]
        while let index = stack.popLast() {
            guard entries[index].due <= limit else { continue }
            found.append(entries[index])
            for child in [2 * index + 1, 2 * index + 2] where child < entries.count { stack.append(child) }
        }
        return found
    }

    @discardableResult
    mutating func popMin() -> Entry? {
        guard !entries.isEmpty else { return nil }
        let top = entries[0]
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            siftDown(0)
        }
        return top
    }

    /// Replaces the contents with `items`, in O(n).
    mutating func rebuild(_ items: [Entry]) {
        entries = items
        var i = entries.count / 2 - 1
        while i >= 0 {
            siftDown(i)
            i -= 1
        }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        let x = entries[a], y = entries[b]
        return (x.due, x.id, x.reminder) < (y.due, y.id, y.reminder)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(child, parent) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, less(left, smallest) { smallest = left }
            if right < entries.count, less(right, smallest) { smallest = right }
            if smallest == parent { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
