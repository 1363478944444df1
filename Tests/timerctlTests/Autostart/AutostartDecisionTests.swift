import Protocol
import Testing
@testable import timerctl

/// Choosing systemd or XDG autostart.
@Suite struct AutostartDecisionTests: UsesAutostartScratch {
    @Test(arguments: [
        (SessionFacts(systemState: "running"), AutostartMechanism.systemd),
        (SessionFacts(systemState: "degraded"), .systemd),
        (SessionFacts(systemState: "starting"), .systemd),
        (SessionFacts(systemState: "initializing"), .systemd),
        (SessionFacts(systemState: "offline"), .xdg),
        (SessionFacts(systemState: "offline", managerSocket: true), .xdg),
        (SessionFacts(systemState: ""), .xdg),
        (SessionFacts(systemState: "", managerSocket: true), .systemd),
        (SessionFacts(systemState: "unknown", managerSocket: true), .systemd),
        (SessionFacts(systemState: "stopping"), .xdg),
        (SessionFacts(systemState: nil, managerSocket: true), .xdg),
        (SessionFacts(systemState: nil), .xdg),
        (SessionFacts(forced: "systemd", systemState: "offline"), .systemd),
        (SessionFacts(forced: "xdg", systemState: "running"), .xdg),
        (SessionFacts(forced: "", systemState: "running"), .systemd),
    ])
    func decides(facts: SessionFacts, expected: AutostartMechanism) throws {
        #expect(try Autostart.decide(facts).mechanism == expected)
    }

    @Test func decisionsSayWhy() throws {
        #expect(try Autostart.decide(SessionFacts(systemState: "running"))
            == SessionDecision(mechanism: .systemd, reason: "`systemctl --user is-system-running` says running"))
        #expect(try Autostart.decide(SessionFacts(systemState: nil))
            == SessionDecision(mechanism: .xdg, reason: "systemctl is not installed"))
        #expect(try Autostart.decide(SessionFacts(forced: "xdg"))
            == SessionDecision(mechanism: .xdg, reason: "TIMERD_AUTOSTART_MODE=xdg chooses it"))
        #expect(throws: CtlFailure.self) { try Autostart.decide(SessionFacts(forced: "upstart")) }
    }

    @Test func theFactsAreGatheredUnlessForced() throws {
        try Self.withScratch { scratch in
            #expect(scratch.autostart.facts() == SessionFacts(systemState: "offline", managerSocket: false))
            #expect(scratch.log.events == ["systemctl --user is-system-running"])
        }
        try Self.withScratch(mode: "systemd") { scratch in
            #expect(scratch.autostart.facts() == SessionFacts(forced: "systemd"))
            #expect(scratch.log.events == [])
        }
    }
}
