/* Where a ring's way to the sound server goes (bench/analysis.md, 1d): libcanberra used as
 * timerd's player uses it (Sources/timerd/Sound/CanberraPlayer.swift), a fresh context per
 * sound, timed to ca_context_open's return and to ca_context_play_full's (which returns once
 * the server has made the stream and been sent its first request of sound). Run inside the
 * private desktop:
 *   cc -O2 -o /tmp/canberra bench/canberra.c -lcanberra && scripts/with-desktop /tmp/canberra */
#include <canberra.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
enum { N = 50 };
static int64_t now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static int cmp(const void *x, const void *y) { int64_t d = *(int64_t *)x - *(int64_t *)y; return d < 0 ? -1 : d > 0; }
static void pause_ms(int ms) { struct timespec t = {0, ms * 1000000L}; nanosleep(&t, 0); }
static void finished(ca_context *c, uint32_t id, int code, void *data) { (void)c; (void)id; (void)code; (void)data; }
static ca_context *open_context(void) {
  ca_context *c; ca_proplist *p;
  if (ca_context_create(&c) != 0) return 0;
  ca_proplist_create(&p);
  ca_proplist_sets(p, CA_PROP_APPLICATION_NAME, "canberra-bench");
  ca_proplist_sets(p, CA_PROP_APPLICATION_ID, "canberra-bench");
  ca_context_change_props_full(c, p); ca_proplist_destroy(p);
  if (ca_context_open(c) != 0) { ca_context_destroy(c); return 0; }
  return c;
}
static const char *file = "/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga";
static int play(ca_context *c, const char *cache) {
  ca_proplist *p; ca_proplist_create(&p);
  /* No cache control: the file itself, without the theme's lookup or a try of the cache. */
  if (cache) ca_proplist_sets(p, CA_PROP_EVENT_ID, "alarm-clock-elapsed"); else ca_proplist_sets(p, CA_PROP_MEDIA_FILENAME, file);
  ca_proplist_sets(p, CA_PROP_EVENT_DESCRIPTION, "Timer done");
  ca_proplist_sets(p, CA_PROP_MEDIA_ROLE, "event");
  ca_proplist_sets(p, CA_PROP_CANBERRA_VOLUME, "0.00");
  if (cache) ca_proplist_sets(p, CA_PROP_CANBERRA_CACHE_CONTROL, cache);
  int r = ca_context_play_full(c, 1, p, finished, 0);
  ca_proplist_destroy(p);
  return r;
}
struct figures { const char *name; int64_t open[N], play[N], total[N]; };
static void one(struct figures *f, int i, ca_context *kept, const char *cache) {
  int64_t t0 = now();
  ca_context *c = kept ? kept : open_context();
  int64_t t1 = now();
  if (!c || play(c, cache) != 0) { fprintf(stderr, "%s: could not play\n", f->name); exit(1); }
  int64_t t2 = now();
  f->open[i] = t1 - t0; f->play[i] = t2 - t1; f->total[i] = t2 - t0;
  ca_context_cancel(c, 1);
  /* Time for the kill to reach the server: a sound from the server's cache outlives a context
   * ended before it is sent (bench/analysis.md, 1d), and such sounds would pile up. */
  pause_ms(20);
  if (!kept) ca_context_destroy(c);
  pause_ms(150);
}
static void print(struct figures *f) {
  int64_t *v[3] = {f->open, f->play, f->total}; const char *what[3] = {"open", "play", "both"};
  printf("%-46s", f->name);
  for (int k = 0; k < 3; k++) {
    qsort(v[k], N, sizeof(int64_t), cmp);
    printf("  %s p50 %5.2f p90 %5.2f max %5.2f", what[k], v[k][N / 2] / 1e6, v[k][N * 9 / 10] / 1e6, v[k][N - 1] / 1e6);
  }
  printf("  (ms)\n");
}
int main(void) {
  static struct figures volatile_ = {"fresh context, cache-control volatile (timerd)"}, never = {"fresh context, cache-control never"},
    byfile = {"fresh context, the file by name (no theme)"}, kept = {"context kept open, volatile"},
    cached = {"fresh context, sample uploaded once, permanent"};
  /* The first context loads libcanberra's PulseAudio driver and libpulse, which stay loaded. */
  int64_t t0 = now();
  ca_context *c = open_context();
  printf("first context: open %.2f ms\n", (now() - t0) / 1e6);
  ca_context_destroy(c);
  pause_ms(150);
  /* Taking turns, nothing cached in the server beforehand. */
  for (int i = 0; i < N; i++) { one(&volatile_, i, 0, "volatile"); one(&never, i, 0, "never"); one(&byfile, i, 0, 0); }
  print(&volatile_); print(&never); print(&byfile);
  c = open_context();
  for (int i = 0; i < N; i++) one(&kept, i, c, "volatile");
  ca_context_destroy(c); print(&kept);
  /* Last: once uploaded, the sample stays in the server's cache, and "volatile" would find it too. */
  c = open_context();
  ca_proplist *p; ca_proplist_create(&p);
  ca_proplist_sets(p, CA_PROP_EVENT_ID, "alarm-clock-elapsed");
  ca_proplist_sets(p, CA_PROP_CANBERRA_CACHE_CONTROL, "permanent");
  if (ca_context_cache_full(c, p) != 0) fprintf(stderr, "upload failed\n");
  ca_proplist_destroy(p); ca_context_destroy(c);
  for (int i = 0; i < N; i++) one(&cached, i, 0, "permanent");
  print(&cached);
  return 0;
}
