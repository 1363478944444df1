#ifndef TIMERD_CCANBERRA_SHIM_H
#define TIMERD_CCANBERRA_SHIM_H
// libcanberra, the freedesktop event-sound library: the ring timerd plays itself (Sound/).
#include <canberra.h>
#endif
