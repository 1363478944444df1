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

    /// i3blocks 1.4 leaves a persistent block i3bar's own stream of every block's clicks.
    @Test func i3barsStreamIsReadForThisBlocksClicksOnly() {
        #expect(BarClick.request(forI3blocks: Array("[".utf8), block: "timer") == nil)
        #expect(BarClick.request(forI3blocks: Array(#",{"name":"timer","button":1}"#.utf8), block: "timer") == .toggle(name: "@next"))
        #expect(BarClick.request(forI3blocks: Array(#",{"name":"volume","button":1}"#.utf8), block: "timer") == nil)
        #expect(BarClick.request(forI3blocks: Array(#"{"button":3}"#.utf8), block: "timer") == .dismiss(name: "@next"))
    }
}
