// Cairo for Swift: the image, PNG and SVG surfaces the renderer draws on. Reached as a system
// library (Debian's libcairo2-dev) so that anti-aliasing, rounded corners, transforms, alpha
// and text come from a well-kept rasteriser rather than our own. Headers only: the functions
// are defined by CCairoLoader, which loads libcairo.so.2 when the host first draws.
#ifndef TRANSITION_HOST_CCAIRO_SHIM_H
#define TRANSITION_HOST_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#endif
