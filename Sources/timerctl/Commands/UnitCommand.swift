import Protocol

/// Hidden: `timerctl __unit socket|service|desktop --timerd PATH`, a systemd unit or the
/// autostart entry as `make install` installs it (`AutostartFiles`), for the build.
struct UnitCommand: Command {
    static let topic = Help.Topic(
        name: "__unit", usage: "timerctl __unit socket|service|desktop --timerd PATH",
        summary: "Print an autostart file for make install.", options: ["--timerd"])

    var kind: AutostartFiles.Kind
    /// The path of timerd as installed.
    var timerd: String

    init(_ kind: AutostartFiles.Kind, timerd: String) {
        self.kind = kind
        self.timerd = timerd
    }

    init(_ input: CommandInput) throws(UsageError) {
        let kinds = AutostartFiles.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard input.operands.count == 1, let kind = AutostartFiles.Kind(rawValue: input.operands[0]) else {
            throw UsageError(message: "__unit prints one of \(kinds), e.g. `timerctl __unit service --timerd /usr/bin/timerd`.")
        }
        guard let timerd = input.options.values["timerd"] else {
            throw UsageError(message: "__unit needs --timerd PATH, the path of timerd as installed.")
        }
        if let problem = AutostartFiles.problem(withProgram: timerd) { throw UsageError(message: problem) }
        self.init(kind, timerd: timerd)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output(AutostartFiles.text(kind, timerd: timerd, header: AutostartFiles.installMarker))
    }
}
