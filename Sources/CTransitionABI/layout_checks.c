// Compile-time checks of the ABI's layout on the platforms we build for. If one of these
// fails, a change to transition_host.h broke version 1 for every plugin already built: new
// fields go at the end of a struct, never in the middle.
#include "transition_host.h"

#define TH_ASSERT_OFFSET(type, field, offset) \
    _Static_assert(offsetof(type, field) == (offset), #type "." #field " moved")

#if UINTPTR_MAX == 0xffffffffffffffffu
TH_ASSERT_OFFSET(th_plugin_entry, abi_major, 4);
TH_ASSERT_OFFSET(th_plugin_entry, abi_minor, 6);
TH_ASSERT_OFFSET(th_plugin_entry, id, 8);
TH_ASSERT_OFFSET(th_plugin_entry, get_extension, 72);
_Static_assert(sizeof(th_plugin_entry) == 80, "th_plugin_entry v1.0 is 80 bytes");
_Static_assert(sizeof(th_effect_descriptor) == 64, "th_effect_descriptor v1.0 is 64 bytes");
_Static_assert(sizeof(th_param_descriptor) == 72, "th_param_descriptor v1.0 is 72 bytes");
_Static_assert(sizeof(th_animation_options) == 48, "th_animation_options v1.0 is 48 bytes");
_Static_assert(sizeof(th_rect) == 32, "th_rect is four doubles");
#endif
