// giflib for Swift: the animated GIF encoder, its colour quantiser, and (for the tests) the
// decoder. Reached as a system library (Debian's libgif-dev).
#ifndef TRANSITION_HOST_CGIF_SHIM_H
#define TRANSITION_HOST_CGIF_SHIM_H
#include <gif_lib.h>
#endif
