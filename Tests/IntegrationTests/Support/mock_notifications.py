#!/usr/bin/python3
"""Talks to python-dbusmock's notification_daemon template for the integration tests.

  mock_notifications.py calls            every call the mock received, as JSON
  mock_notifications.py invoke ID KEY    the server says button KEY of notification ID was pressed
  mock_notifications.py closed ID        the server says notification ID was closed by the user
  mock_notifications.py slow SECONDS     from now on the server takes that long to answer Notify
  mock_notifications.py slow-once SECONDS  the next Notify takes that long to answer, later ones not
"""
import json
import os
import sys

import dbus


def plain(value):
    """A D-Bus value as plain JSON-able Python."""
    if isinstance(value, (dbus.Array, list)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Byte, dbus.Int16, dbus.UInt16, dbus.Int32, dbus.UInt32, dbus.Int64, dbus.UInt64)):
        return int(value)
    if isinstance(value, dbus.Double):
        return float(value)
    return str(value)


def main():
    bus = dbus.SessionBus()
    mock = dbus.Interface(
        bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications"),
        "org.freedesktop.DBus.Mock")
    command = sys.argv[1]
    if command == "calls":
        print(json.dumps([
            {"time": int(ts), "method": str(method), "args": plain(args)}
            for ts, method, args in mock.GetCalls()
        ]))
    elif command == "invoke":
        mock.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us",
                        [dbus.UInt32(int(sys.argv[2])), sys.argv[3]])
    elif command == "closed":
        # reason 2 by default: dismissed by the user; 1: expired.
        reason = int(sys.argv[3]) if len(sys.argv) > 3 else 2
        mock.EmitSignal("org.freedesktop.Notifications", "NotificationClosed", "uu",
                        [dbus.UInt32(int(sys.argv[2])), dbus.UInt32(reason)])
    elif command == "slow":
        mock.AddMethod("org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u",
                       "import time\ntime.sleep(%s)\nret = 99" % float(sys.argv[2]))
    elif command == "slow-once":
        # Numbered like the template's Notify, so that the server stays a real one; the mock
        # logs the call before it runs this, and is deaf to everything while it sleeps.
        mock.AddMethod("org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u",
                       "import time\n"
                       "if not getattr(self, 'slept_%d', False):\n"
                       "    self.slept_%d = True\n"
                       "    time.sleep(%s)\n"
                       "if args[1]:\n"
                       "    ret = args[1]\n"
                       "else:\n"
                       "    ret = self.next_id\n"
                       "    self.next_id += 1\n" % (os.getpid(), os.getpid(), float(sys.argv[2])))
    else:
        sys.exit("unknown command " + command)


main()
