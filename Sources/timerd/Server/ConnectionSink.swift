/// Delivers a subscriber's events through the loop: after the scheduler's work of the moment,
/// never in the middle of it.
struct ConnectionSink: EventSink {
    let server: Server
    let id: ClientID

    func deliver(_ line: [UInt8]) {
        let server = server, id = id
        server.loop.execute { server.deliver(line, to: id) }
    }
}
