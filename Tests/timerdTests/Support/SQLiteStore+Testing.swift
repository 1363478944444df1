import Testing

@testable import timerd

extension SQLiteStore {
    /// A commit in a test that expects the store's file to stay where it is: the store never
    /// needs every timer held, and it is an issue if it asks.
    func commit(_ writes: StoreWrites) throws(StoreError) {
        try commit(writes) {
            Issue.record("the store found its files lost and asked for every timer")
            return []
        }
    }

    /// A quiet moment in such a test.
    func maintain() {
        maintain {
            Issue.record("the store found its files lost and asked for every timer")
            return []
        }
    }
}
