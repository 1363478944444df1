import Protocol

/// `--every SPEC` (or `alarm`'s `--days SPEC`) and `--fresh-todo`, as typed: `RequestBuilder`
/// reads the rule against the deadline's time of day.
struct RecurrenceWords: Equatable {
    var spec: String
    var freshChecklist = false
    /// The option it came from, for refusals.
    var flag = "--every"

    /// What `until` and `alarm` say of them.
    static let helpLines = """
          --every SPEC         come again after it fires: day, weekday (mon-fri),
                               weekend, days such as mon,wed,fri or mon-fri at the same
                               time, or an interval such as 2h or 3d
          --fresh-todo         untick its checklist at each occurrence (default: keep)
        """

    /// Nil without a rule; `--fresh-todo` alone is refused, as it says nothing without one.
    init?(_ input: CommandInput, spec: String?, flag: String) throws(UsageError) {
        let fresh = input.options.switches.contains("--fresh-todo")
        guard let spec else {
            if fresh { throw input.refusal("--fresh-todo is for a deadline that comes again: add --every SPEC, e.g. --every weekday.") }
            return nil
        }
        guard !spec.allSatisfy(\.isWhitespace) else {
            throw input.refusal("\(flag) needs a rule, e.g. \(flag) weekday, \(flag) mon,wed,fri or \(flag) 2h.")
        }
        self.init(spec: spec, freshChecklist: fresh, flag: flag)
    }

    init(spec: String, freshChecklist: Bool = false, flag: String = "--every") {
        self.spec = spec
        self.freshChecklist = freshChecklist
        self.flag = flag
    }
}
