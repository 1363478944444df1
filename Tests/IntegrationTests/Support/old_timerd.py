#!/usr/bin/python3
"""A timerd from before an upgrade, for tests: it speaks protocol 1 on a Unix socket,
answers ping and list (a timer with a field it has and this timerctl does not know,
and a timer of a kind this timerctl does not know), and every other method with
JSON-RPC's "method not found", as an older timerd does for methods added after it.

usage: old_timerd.py SOCKET STARTED_BY
"""
import json
import os
import socket
import sys

path, started_by = sys.argv[1], sys.argv[2]
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(path + ".tmp")
os.rename(path + ".tmp", path)
server.listen(8)

TIMER = {
    "name": "pasta", "kind": "countdown", "state": "paused", "duration": 480, "remaining": 300,
    "endsAt": None, "createdAt": "2026-12-01T10:00:00.000Z", "firedAt": None, "missed": False,
    "ringing": False, "message": None, "remind": [], "sound": None, "silent": False, "volume": None,
    "todos": [], "cycle": None, "exec": None, "every": None, "colour": "red",
}
LATER = dict(TIMER, name="hourglass", kind="hourglass")


def answer(request):
    method, rid = request.get("method"), request.get("id")
    if method == "ping":
        return {"jsonrpc": "2.0", "id": rid, "result": {"version": "0.9.0", "protocol": 1, "startedBy": started_by}}
    if method == "list":
        return {"jsonrpc": "2.0", "id": rid, "result": {"timers": [TIMER, LATER]}}
    return {"jsonrpc": "2.0", "id": rid,
            "error": {"code": -32601, "message": f"Unknown method \"{method}\"; the methods are ping, list."}}


while True:
    connection, _ = server.accept()
    with connection, connection.makefile("rwb") as stream:
        for line in stream:
            stream.write(json.dumps(answer(json.loads(line))).encode() + b"\n")
            stream.flush()
