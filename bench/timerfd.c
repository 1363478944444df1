/* How late the kernel wakes a thread for an absolute timerfd on this machine (bench/analysis.md):
 * 60 timers 50-150 ms ahead, on the boot clock and on the wall clock.
 *   cc -O2 -o /tmp/timerfd bench/timerfd.c && /tmp/timerfd */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
static int64_t now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static int cmp(const void *x, const void *y) { int64_t d = *(int64_t *)x - *(int64_t *)y; return d < 0 ? -1 : d > 0; }
static void measure(clockid_t clock, const char *name) {
  enum { N = 60 }; int64_t late[N]; int fd = timerfd_create(clock, 0);
  for (int i = 0; i < N; i++) {
    int64_t due = now(clock) + 50000000LL + (rand() % 1000) * 100000LL;
    struct itimerspec its = {0}; its.it_value.tv_sec = due / 1000000000LL; its.it_value.tv_nsec = due % 1000000000LL;
    timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, 0); uint64_t x; read(fd, &x, 8);
    late[i] = now(clock) - due;
  }
  qsort(late, N, sizeof late[0], cmp);
  printf("%s: woken p50 %.3f ms, p90 %.3f ms, max %.3f ms after the instant\n", name, late[N / 2] / 1e6, late[N * 9 / 10] / 1e6, late[N - 1] / 1e6);
}
int main(void) { measure(CLOCK_BOOTTIME, "CLOCK_BOOTTIME"); measure(CLOCK_REALTIME, "CLOCK_REALTIME"); }
