import Protocol
import Testing

@testable import timerctl

@Suite struct BarTemplateTests {
    typealias F = BarFixtures

    static func fill(_ template: String, _ timers: [TimerInfo]) throws -> String {
        try BarTemplate(template).fill(F.glance(timers), calendar: F.calendar)
    }

    @Test func theUsualLine() throws {
        let three = [
            F.running("pasta", left: .seconds(462)), F.running("tea", left: .seconds(900)),
            F.running("report", left: .seconds(90_000)),
        ]
        #expect(try Self.fill("{icon} {name} {left} {others}", three) == "pasta 7:42 +2")
        #expect(try Self.fill("{icon} {name} {left} {others}", [F.paused("tea", left: .seconds(180))]) == "⏸ tea 3:00")
        #expect(try Self.fill("{icon} {name} {left} {others}", [F.done("eggs", ago: .seconds(3), ringing: true)]) == "🔔 eggs done")
        #expect(try Self.fill("{icon} {name} {left} {others}", [F.done("eggs", ago: .seconds(3))]) == "✓ eggs done")
    }

    @Test func everyField() throws {
        let pasta = F.running("pasta", left: .seconds(240), of: .seconds(480), message: "drain it\nand salt")
        let line = try Self.fill("{name}|{left}|{count}|{state}|{percent}|{ends}|{message}", [pasta])
        #expect(line == "pasta|4:00|0|running|50|12:04|drain it")
        #expect(try Self.fill("{{{name}}}", [pasta]) == "{pasta}")
    }

    /// An empty field takes one neighbouring space with it.
    @Test func emptyFieldsLeaveNoDoubleSpaces() throws {
        let pasta = F.running("pasta", left: .seconds(60))
        #expect(try Self.fill("{name} {icon} {left}", [pasta]) == "pasta 1:00")
        #expect(try Self.fill("[{others}] {name}", [pasta]) == "[] pasta")
        #expect(try Self.fill("{left} {others}", [pasta]) == "1:00")
        #expect(try Self.fill("{name}", []) == "")
    }

    @Test func unknownFieldsAndLoneBracesAreRefusedWithTheList() {
        #expect(throws: UsageError.self) { try BarTemplate("{nmae} {left}") }
        do {
            _ = try BarTemplate("{nmae}")
        } catch {
            #expect(error.message.contains("{nmae}") && error.message.contains("{name} {left}"))
        }
        #expect(throws: UsageError.self) { try BarTemplate("{name") }
    }
}
