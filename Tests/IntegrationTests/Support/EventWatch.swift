import Protocol
import Testing

/// A subscription to the daemon's events, for waiting on a timer's firing rather than for a time.
final class EventWatch {
    private let client: RPCClient

    init(_ daemon: Daemon) throws {
        client = try daemon.connect()
        let reply = try client.call("subscribe")
        try #require(reply["result"] != nil, "subscribe: \(reply)")
    }

    /// Waits for `event` of the timer `name`, and returns the timer as the event has it.
    func next(_ event: String, of name: String, timeout: Duration = .seconds(10)) throws -> TimerInfo {
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = deadline - ContinuousClock.now
            let line = try #require(try client.readJSON(timeout: max(left, .milliseconds(1))), "the subscription ended")
            if line["params"]?["event"]?.stringValue == event, let timer = line["params"]?["timer"],
                timer["name"]?.stringValue == name
            {
                return try TimerInfo(json: timer)
            }
        }
    }
}
