import Glibc
import Protocol

// Wiring only: every part is built and tested on its own.

func printError(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
}

let blockedSignals = Signals.blockTermination()

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("timerd: \(error.message)")
    exit(error.exitCode)
}
if options.showHelp {
    print(Options.usage)
    exit(0)
}
if options.showVersion {
    print("timerd \(timerdVersion)")
    exit(0)
}
if options.verbose { Log.setLevel(.debug) }

func startUp() throws(StartupError) -> Never {
    var location = SocketLocation.current(explicit: options.socket)
    // A daemon must not keep the directory it was started in busy; resolve the path first.
    if !location.path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
        location.path = String(cString: cwd) + "/" + location.path
        free(cwd)
    }
    chdir("/")
    if let dir = location.privateDirectory, let problem = PrivateDirectory.prepare(dir) {
        throw StartupError(problem)
    }
    let lock = try InstanceLock(location)
    let bound = try Listener.open(location)
    do {
        let loop = try EventLoop()
        let alarm = try TimerFDAlarm()
        let scheduler = Scheduler(
            clock: SystemClock(), alarm: alarm, notifier: LibNotifyNotifier(appName: "timerd"),
            calendar: LocalCalendar(zone: SystemTimeZone()), version: timerdVersion)
        let server = Server(loop: loop, listenFD: bound.fd, scheduler: scheduler)
        try server.start()
        try alarm.watch(on: loop) { clockChanged in
            if clockChanged { Log.info("the wall clock was set; re-checking deadlines") }
            Task { await scheduler.wake(clockChanged: clockChanged) }
        }
        try Signals.watch(blockedSignals, on: loop) { name in
            Log.info("\(name): shutting down")
            loop.stop()
        }
        Log.info("timerd \(timerdVersion) listening on \(location.path) (pid \(getpid()))")
        loop.run()
        server.shutdown()
    } catch {
        Listener.remove(bound, at: location.path)
        throw StartupError("Cannot start: \(error).")
    }
    Listener.remove(bound, at: location.path)
    _ = consume lock
    exit(0)
}

do {
    try startUp()
} catch {
    printError("timerd: \(error.message)")
    exit(error.exitCode)
}
