#ifndef TIMERD_CLINUX_SHIM_H
#define TIMERD_CLINUX_SHIM_H
// Linux interfaces that Swift's Glibc module does not export (epoll, timerfd, eventfd,
// signalfd, inotify, peer credentials, mallopt, inode flags), with small inline wrappers where the C
// types do not import well (the packed struct epoll_event) or the call is variadic (ioctl),
// and a SIGBUS handler, which must be C to be async-signal-safe.

#include <linux/fs.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>

/// One ready file descriptor: the token it was registered with and the events.
struct clinux_event {
    uint64_t token;
    uint32_t events;
};

static inline int clinux_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event = {.events = events, .data = {.u64 = token}};
    return epoll_ctl(epfd, op, fd, &event);
}

/// epoll_wait into an array of plain structs; at most 256 events per call.
static inline int clinux_epoll_wait(int epfd, struct clinux_event *out, int max, int timeout) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epfd, events, max, timeout);
    for (int i = 0; i < n; i++) {
        out[i].token = events[i].data.u64;
        out[i].events = events[i].events;
    }
    return n;
}

/// The uid and pid of the process at the other end of a Unix socket (SO_PEERCRED).
static inline int clinux_peer_credentials(int fd, uint32_t *uid, int32_t *pid) {
    struct { int32_t pid; uint32_t uid; uint32_t gid; } cred;
    socklen_t size = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, 17 /* SO_PEERCRED */, &cred, &size) != 0) return -1;
    *uid = cred.uid;
    *pid = cred.pid;
    return 0;
}

/// accept4 is a GNU extension the Glibc module hides.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// Closes every descriptor from `from` up in a spawned child (glibc 2.34+), so a daemon
/// started by a client keeps none of the client's descriptors open.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// Names a thread (shown by top -H and in /proc), also a GNU extension.
extern int pthread_setname_np(pthread_t thread, const char *name);

/// The inode flags of an open file (FS_IOC_GETFLAGS: FS_IMMUTABLE_FL, FS_APPEND_FL…), or -1
/// where the file system keeps none. ioctl is variadic, which Swift cannot call.
static inline int clinux_inode_flags(int fd) {
    int flags = 0;
    return ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 ? flags : -1;
}

/// What SIGBUS writes to stderr before the process exits, and the exit status.
static inline char *clinux_bus_error_text(void) {
    static char text[4096];
    return text;
}
static inline int *clinux_bus_error_status(void) {
    static int status = 1;
    return &status;
}
static inline void clinux_on_bus_error(int signal) {
    (void)signal;
    const char *text = clinux_bus_error_text();
    ssize_t written = write(2, text, strlen(text));
    (void)written;
    _exit(*clinux_bus_error_status());
}

/// From now on SIGBUS (a write to a mapped file that the file system refused) writes `text`
/// to stderr and exits with `status`, instead of killing the process without a word. Only
/// async-signal-safe calls happen in the handler: the text is copied now.
static inline int clinux_report_bus_errors(const char *text, int status) {
    strncpy(clinux_bus_error_text(), text, 4095);
    *clinux_bus_error_status() = status;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clinux_on_bus_error;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGBUS, &action, 0);
}

#endif
