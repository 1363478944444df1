import CLinux
import Glibc
import Protocol

/// Accepting clients: who may connect, and what a client turned away is told.
extension Server {
    // MARK: Accepting

    func acceptClients() {
        while true {
            let fd = accept4(listenFD, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if (errno == EMFILE || errno == ENFILE) && turnAwayWithSpareDescriptor() { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    // ENOBUFS and friends: log and leave the client in the backlog for now.
                    Log.warning("accept failed: \(SystemError("accept4"))")
                }
                return
            }
            if let refusal = refusal(for: fd) {
                var line = RPC.line(RPC.error(id: .null, refusal))
                _ = send(fd, &line, line.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                close(fd)
                continue
            }
            let connection = Connection(id: nextID, fd: fd)
            nextID += 1
            do {
                try loop.register(fd, events: EPOLLIN.rawValue) { [unowned self, unowned connection] events in
                    handle(events, on: connection)
                }
            } catch {
                Log.warning("cannot watch a new connection: \(error)")
                close(fd)
                continue
            }
            connection.watched = EPOLLIN.rawValue
            connections[connection.id] = connection
            Log.debug("client \(connection.id) connected")
        }
    }

    /// Out of descriptors: frees the spare one to accept the next waiting client, tells it so
    /// and closes it, then takes the spare back. False when that did not work either (the
    /// client stays in the backlog until a connection closes).
    func turnAwayWithSpareDescriptor() -> Bool {
        guard spareFD >= 0 else { return false }
        close(spareFD)
        spareFD = -1
        defer { spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        let fd = accept4(listenFD, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
        guard fd >= 0 else { return false }
        Log.warning("refused a connection: timerd has no file descriptors left (\(connections.count) clients connected)")
        var line = RPC.line(RPC.error(id: .null, RPCError(
            code: RPCError.limitReachedCode,
            message: "timerd has run out of file descriptors (\(connections.count) clients are connected); "
                + "close some connections, or raise its limit (ulimit -n), and try again.")))
        _ = send(fd, &line, line.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        close(fd)
        return true
    }

    /// Why a new client is turned away, or nil to serve it.
    func refusal(for fd: Int32) -> RPCError? {
        var uid: UInt32 = 0
        var pid: Int32 = 0
        guard clinux_peer_credentials(fd, &uid, &pid) == 0 else {
            return RPCError(code: RPCError.internalErrorCode, message: "timerd could not check who is connecting.")
        }
        guard uid == allowedUID || (uid == 0 && allowRoot) else {
            Log.warning("refused a connection from uid \(uid) (pid \(pid)): this timerd serves uid \(allowedUID) only")
            return Self.otherUserRefusal(peer: uid, owner: allowedUID)
        }
        guard connections.count < limits.maxConnections else {
            Log.warning("refused a connection: \(limits.maxConnections) clients already connected")
            return RPCError(
                code: RPCError.limitReachedCode,
                message: "timerd already serves \(limits.maxConnections) connections; close some and try again.")
        }
        return nil
    }

    /// What another user's client is told, in the protocol's terms (timerctl words it from the
    /// reason). Root is told how to be let in; anyone else that each user has a timerd of their own.
    static func otherUserRefusal(peer: uid_t, owner: uid_t) -> RPCError {
        let facts: [(ErrorField, JSONValue)] = [(.uid, .integer(Int64(peer))), (.owner, .integer(Int64(owner)))]
        guard peer != 0 else {
            return RPCError(
                .rootNotAllowed,
                message: "This timerd belongs to user \(owner) and does not serve root; connect as that user, "
                    + "or start timerd with --allow-root to let root in.", facts: facts)
        }
        return RPCError(
            .otherUser,
            message: "This timerd belongs to user \(owner), not to you (user \(peer)); each user runs their own timerd. "
                + "Connect to yours: docs/protocol.md (\"Transport\") says where its socket is.", facts: facts)
    }
}
