#ifndef TIMERD_CLIBNOTIFY_SHIM_H
#define TIMERD_CLIBNOTIFY_SHIM_H
// libnotify (and through it GLib/GObject/GIO) for the daemon's notifier.
#include <libnotify/notify.h>
#endif
