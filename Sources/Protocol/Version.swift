/// The version of timerd and timerctl; both print it for `--version`, `ping` reports it.
public let timerdVersion = "0.1.0"
