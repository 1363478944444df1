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
MallocTuning.apply()

/// Where the daemon works, decided before anything is opened.
struct Places {
    var location: SocketLocation
    var stateDirectory: String
    var configPath: String?
    var startedBy: String
    /// The listening socket systemd passed, if it did.
    var activated: (fd: Int32, path: String)?
}

func resolvePlaces() throws(StartupError) -> Places {
    // A socket passed by systemd (or systemd-socket-activate) decides where we listen.
    let activated = try SocketActivation.take(environment: Environment.current())
    var location = SocketLocation.current(explicit: activated?.path ?? options.socket)
    if let activated, let runtime = SocketLocation.current(explicit: nil).privateDirectory,
        activated.path == runtime + "/timerd.sock"
    {
        location.privateDirectory = runtime
    }
    if activated != nil { location.givenBy = nil }
    // A daemon must not keep the directory it was started in busy; resolve the paths first.
    let cwd = getcwd(nil, 0).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
    } ?? "/"
    func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : cwd + "/" + path }
    location.path = absolute(location.path)
    return Places(
        location: location,
        stateDirectory: absolute(try StateDirectory.resolve(explicit: options.stateDirectory, environment: Environment.current())),
        // TIMERD_CONFIG may be relative too: to where timerd was started, as timerctl reads it.
        configPath: ConfigLocation.path(environment: Environment.current()).map(absolute),
        startedBy: options.startedBy ?? (activated != nil ? "systemd" : "hand"), activated: activated)
}

func startUp() throws(StartupError) -> Never {
    let places = try resolvePlaces()
    chdir("/")
    // What timerd writes (database, lock files) is the user's own business.
    umask(0o077)
    DescriptorLimit.raise(toAtLeast: Server.ConnectionLimits().maxConnections + 128)
    if let dir = places.location.privateDirectory, let problem = PrivateDirectory.prepare(dir) {
        throw StartupError(problem)
    }
    // A socket passed by the service manager is ours: wait a little for a daemon started some
    // other way at the same moment (by autostart, say) to see it and give up.
    let patience: Duration = places.activated == nil ? .zero : .seconds(5)
    let socketLock = try InstanceLock(places.location, waiting: patience)
    // The socket before anything else: a daemon that finds another one serving (a socket
    // systemd listens on, say) must leave before it touches the timers. Clients that connect
    // now wait in the backlog until the loop runs.
    let bound: Listener.Bound
    if let activated = places.activated {
        bound = Listener.Bound(fd: activated.fd, identity: nil)
    } else {
        bound = try Listener.open(places.location)
    }
    do {
        try serve(on: bound, places, patience: patience)
    } catch {
        Listener.remove(bound, at: places.location.path)
        throw error
    }
    Listener.remove(bound, at: places.location.path)
    _ = consume socketLock
    exit(0)
}

/// The `[notifications]` and `[hooks]` settings from the configuration file, or the defaults if
/// there is none; each line that cannot be used is logged with its number, and the rest applies.
func loadSettings(_ places: Places) -> (NotificationSettings, HookSettings) {
    guard let path = places.configPath, let (keyFile, problems) = ConfigLocation.load(path: path) else {
        return (NotificationSettings(), HookSettings())
    }
    let (settings, more) = NotificationSettings.load(from: keyFile)
    let (hooks, hookProblems) = HookSettings.load(from: keyFile)
    for problem in (problems + more + hookProblems).sorted(by: { $0.line < $1.line }) {
        Log.warning(problem.description(file: path))
    }
    Log.info("settings from \(path)")
    return (settings, hooks)
}

/// Opens the timers, starts the scheduler and serves until SIGTERM or SIGINT.
func serve(on bound: Listener.Bound, _ places: Places, patience: Duration) throws(StartupError) {
    try StateDirectory.prepare(places.stateDirectory)
    let stateLock = try InstanceLock(
        path: places.stateDirectory + "/timerd.lock", holding: "with the timers in \(places.stateDirectory)",
        waiting: patience)
    let opened: (store: SQLiteStore, setAside: String?)
    do {
        opened = try SQLiteStore.open(path: places.stateDirectory + "/timerd.db")
    } catch {
        throw StartupError(error.message)
    }
    SharedMemory.reportFaults(database: opened.store.path, status: SharedMemory.faultExitStatus)
    let (settings, hookSettings) = loadSettings(places)
    let notifier = LibNotifyNotifier(appName: "timerd")
    let player = CanberraPlayer()
    if let aside = opened.setAside {
        let message = "The saved timers in \(opened.store.path) could not be read (the file is damaged); "
            + "it was kept as \(aside) and timerd starts with no timers."
        Log.error(message)
        notifier.show(NotificationContent(summary: "timerd could not read its saved timers", body: message, urgency: .normal))
    }
    do {
        let loop = try EventLoop()
        let alarm = try TimerFDAlarm()
        // Hooks start from the daemon's environment as it was given (PATH, HOME, the session's),
        // with this daemon's socket, so that a `timerctl` in a hook reaches the daemon that ran it.
        var inherited = Environment.current()
        inherited["TIMERD_SOCKET"] = places.location.path
        let hooks = ShellHookRunner(loop: loop, inherited: inherited)
        // The scheduler runs on the loop: requests, firings and notification buttons are all
        // handled on this thread, reached synchronously with `loop.enter`.
        let scheduler = Scheduler(
            executor: loop, clock: SystemClock(), alarm: alarm, notifier: notifier, player: player, hooks: hooks,
            hookSettings: hookSettings, store: opened.store,
            calendar: LocalCalendar(zone: SystemTimeZone()), version: timerdVersion, bootID: BootID.current(),
            settings: settings, startedBy: places.startedBy, saveFiringsAfter: SavePlan.firingDelay,
            headStart: WaitForNotifications(progress: notifier.progress))
        notifier.onAction { action, names in
            loop.execute { loop.enter(scheduler) { $0.act(action, on: names) } }
        }
        player.onEnded { id in
            loop.execute { loop.enter(scheduler) { $0.soundEnded(id) } }
        }
        // On the loop's thread already, and never from inside the scheduler (the runner reports
        // from the loop's handlers).
        hooks.onFinished { [unowned loop] exit in loop.enter(scheduler) { $0.hookFinished(exit) } }
        // Still before `run()`: this thread is the loop's.
        let report = try loop.enter(scheduler) { try $0.start() }
        Log.info(
            "restored \(report.restored) timers from \(places.stateDirectory)/timerd.db; "
                + "\(report.missed) came due while timerd was not running")
        var limits = Server.ConnectionLimits()
        limits.maxConnections = DescriptorLimit.connections(atMost: limits.maxConnections)
        let server = Server(loop: loop, listenFD: bound.fd, scheduler: scheduler, allowRoot: options.allowRoot, limits: limits)
        try server.start()
        // Unowned in the loop's handlers: the loop keeps them, and a cycle would outlive `serve`
        // (LeakSanitizer reports it at exit, which fails a clean shutdown under `make sanitize-address`).
        try alarm.watch(on: loop) { [unowned loop] clockChanged in
            if clockChanged { Log.info("the wall clock was set; re-checking deadlines") }
            loop.enter(scheduler) { $0.wake(clockChanged: clockChanged) }
        }
        try Signals.watch(
            blockedSignals, on: loop,
            stop: { [unowned loop] name in
                Log.info("\(name): shutting down")
                loop.stop()
            },
            reload: { [unowned loop] in
                Log.info("SIGHUP: reading the settings again")
                let (settings, hookSettings) = loadSettings(places)
                loop.enter(scheduler) { $0.reconfigure(settings, hooks: hookSettings) }
            })
        Log.info("timerd \(timerdVersion) listening on \(places.location.path) (pid \(getpid()), started by \(places.startedBy))")
        ServiceManager.notify("READY=1\nMAINPID=\(getpid())\nSTATUS=Listening on \(places.location.path)")
        loop.run()
        ServiceManager.notify("STOPPING=1")
        server.shutdown()
        let stopped = hooks.stopAll()
        if stopped > 0 { Log.info("stopped \(stopped) hooks still running (SIGTERM to their process groups)") }
        // Held until here: the lock lives as long as the daemon serves.
        _ = stateLock.fd
    } catch let error as StoreError {
        throw StartupError(error.message)
    } catch {
        throw StartupError("Cannot start: \(error).")
    }
}

do {
    try startUp()
} catch {
    printError("timerd: \(error.message)")
    exit(error.exitCode)
}
