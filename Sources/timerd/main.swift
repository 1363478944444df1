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
    // A daemon must not keep the directory it was started in busy; resolve the paths first.
    let cwd = getcwd(nil, 0).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
    } ?? "/"
    if !location.path.hasPrefix("/") { location.path = cwd + "/" + location.path }
    var stateDirectory = try StateDirectory.resolve(explicit: options.stateDirectory, environment: Environment.current())
    if !stateDirectory.hasPrefix("/") { stateDirectory = cwd + "/" + stateDirectory }
    // TIMERD_CONFIG may be relative too: to where timerd was started, as timerctl reads it.
    let configPath = ConfigLocation.path(environment: Environment.current()).map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
    chdir("/")
    // What timerd writes (database, lock files) is the user's own business.
    umask(0o077)

    if let dir = location.privateDirectory, let problem = PrivateDirectory.prepare(dir) {
        throw StartupError(problem)
    }
    let socketLock = try InstanceLock(location)
    try StateDirectory.prepare(stateDirectory)
    let stateLock = try InstanceLock(path: stateDirectory + "/timerd.lock", holding: "with the timers in \(stateDirectory)")
    let opened: (store: SQLiteStore, setAside: String?)
    do {
        opened = try SQLiteStore.open(path: stateDirectory + "/timerd.db")
    } catch {
        throw StartupError(error.message)
    }
    var settings = NotificationSettings()
    if let path = configPath, let (keyFile, problems) = ConfigLocation.load(path: path) {
        let (loaded, more) = NotificationSettings.load(from: keyFile)
        settings = loaded
        for problem in problems + more { Log.warning(problem.description(file: path)) }
        Log.info("settings from \(path)")
    }
    let notifier = LibNotifyNotifier(appName: "timerd")
    if let aside = opened.setAside {
        let message = "The saved timers in \(opened.store.path) could not be read (the file is damaged); "
            + "it was kept as \(aside) and timerd starts with no timers."
        Log.error(message)
        notifier.show(NotificationContent(summary: "timerd could not read its saved timers", body: message, urgency: .normal))
    }
    let loop: EventLoop
    let alarm: TimerFDAlarm
    do {
        loop = try EventLoop()
        alarm = try TimerFDAlarm()
    } catch {
        throw StartupError("Cannot start: \(error).")
    }
    let scheduler = Scheduler(
        clock: SystemClock(), alarm: alarm, notifier: notifier, store: opened.store,
        calendar: LocalCalendar(zone: SystemTimeZone()), version: timerdVersion, bootID: BootID.current(),
        settings: settings)
    notifier.onAction { action, names in
        Task { await scheduler.act(action, on: names) }
    }
    do {
        let report = try waitFor { () throws(StoreError) in try await scheduler.start() }
        Log.info("restored \(report.restored) timers from \(stateDirectory)/timerd.db; \(report.missed) came due while timerd was not running")
    } catch {
        throw StartupError(error.message)
    }

    let bound = try Listener.open(location)
    do {
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
    _ = consume stateLock
    _ = consume socketLock
    exit(0)
}

do {
    try startUp()
} catch {
    printError("timerd: \(error.message)")
    exit(error.exitCode)
}
