import Protocol
import Testing

@testable import timerctl

@Suite struct BarClickTests {
    @Test func buttonsActOnTheTimerShown() {
        #expect(BarClick.request(forI3blocks: Array(#"{"name":"timer","button":1,"x":10}"#.utf8)) == .toggle(name: "@next"))
        #expect(BarClick.request(forButton: 3) == .dismiss(name: "@next"))
        #expect(BarClick.request(forButton: 4) == .extend(name: "@next", by: .seconds(60)))
        #expect(BarClick.request(forButton: 5) == .extend(name: "@next", by: .seconds(-60)))
        #expect(BarClick.request(forButton: 2) == nil)
        #expect(BarClick.request(forI3blocks: Array("not json".utf8)) == nil)
    }
}
