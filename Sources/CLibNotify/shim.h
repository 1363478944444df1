#ifndef TIMERD_CLIBNOTIFY_SHIM_H
#define TIMERD_CLIBNOTIFY_SHIM_H
// libnotify (and through it GLib/GObject/GIO) for the daemon's notifier.
#include <libnotify/notify.h>
// g_unix_fd_add: the notifier's own wake-up descriptor on the GLib thread.
#include <glib-unix.h>
#endif
