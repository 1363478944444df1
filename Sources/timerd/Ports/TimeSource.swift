/// Where the daemon reads the time. The live one reads the kernel's clocks; tests use a manual one.
protocol TimeSource: Sendable {
    func now() -> Moment
}
