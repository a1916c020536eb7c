/* A C module target needs one source file; this one checks, when it compiles, that the
 * header is the ABI this plugin was written for. */
#include "transition_host.h"

_Static_assert(TH_ABI_MAJOR == 1, "swift-fade is written for plugin ABI 1");
