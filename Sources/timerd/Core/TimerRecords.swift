/// The records of a table, kept in id order: the order `list` reports them in.
///
/// A table may hold a million timers, so this is two flat arrays rather than a dictionary,
/// whose buckets would cost twice the records' own size: the ids (sorted, searched by
/// bisection) and the records at the same positions. New timers get ids above every earlier
/// one, so adding one appends. A removed record leaves a hole that keeps its id's place;
/// holes are squeezed out once they outnumber the records, so a removal costs O(1) amortised
/// and memory stays proportional to the timers held.
struct TimerRecords: Sendable {
    /// Sorted; the ids of holes too, until the next compaction.
    private var ids: [UInt64] = []
    /// `slots[i]` is the record with id `ids[i]`, or nil where it was removed.
    private var slots: [TimerRecord?] = []
    /// Records held (slots that are not holes).
    private(set) var count = 0

    init() {}

    /// Room for `capacity` records without growing (restoring a known number of timers).
    mutating func reserveCapacity(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        slots.reserveCapacity(capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// The record with this id; assigning nil removes it.
    subscript(id: UInt64) -> TimerRecord? {
        get { position(of: id).flatMap { slots[$0] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: id)
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// Stores `record` under `id` and returns the record it replaced, if any.
    @discardableResult
    mutating func updateValue(_ record: TimerRecord, forKey id: UInt64) -> TimerRecord? {
        if let position = position(of: id) {
            let old = slots[position]
            slots[position] = record
            if old == nil { count += 1 }
            return old
        }
        // New ids are the largest, so this appends; an older id (a removal undone after the
        // holes were squeezed out) goes back in its place.
        let position = lowerBound(id)
        ids.insert(id, at: position)
        slots.insert(record, at: position)
        count += 1
        return nil
    }

    /// Removes the record with this id and returns it.
    @discardableResult
    mutating func removeValue(forKey id: UInt64) -> TimerRecord? {
        guard let position = position(of: id), let old = slots[position] else { return nil }
        slots[position] = nil
        count -= 1
        if slots.count - count > count + 64 { compact() }
        return old
    }

    /// The records in id order (oldest first).
    var values: some Sequence<TimerRecord> { slots.lazy.compactMap { $0 } }

    /// Slots in use, holes included: positions for `record(inSlot:)`.
    var slotCount: Int { slots.count }

    /// The record in slot `position` (id order), nil for a hole. A copy of the records keeps
    /// its slots whatever happens to the table afterwards, so a reader can walk a copy a
    /// stretch at a time.
    func record(inSlot position: Int) -> TimerRecord? { slots[position] }

    private mutating func compact() {
        var keptIDs: [UInt64] = []
        var kept: [TimerRecord?] = []
        keptIDs.reserveCapacity(count)
        kept.reserveCapacity(count)
        for (id, slot) in zip(ids, slots) where slot != nil {
            keptIDs.append(id)
            kept.append(slot)
        }
        ids = keptIDs
        slots = kept
    }

    /// Where `id` sits in `ids`, if it does.
    private func position(of id: UInt64) -> Int? {
        let position = lowerBound(id)
        return position < ids.count && ids[position] == id ? position : nil
    }

    /// The first position whose id is not less than `id`.
    private func lowerBound(_ id: UInt64) -> Int {
        // The common case, a new timer, without searching.
        if let last = ids.last, last < id { return ids.count }
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension TimerRecords: Equatable {
    /// The same records, holes aside.
    static func == (a: TimerRecords, b: TimerRecords) -> Bool {
        a.count == b.count && a.values.elementsEqual(b.values)
    }
}
