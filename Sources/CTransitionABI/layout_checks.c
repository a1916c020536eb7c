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
_Static_assert(sizeof(th_rect) == 32, "th_rect is four doubles");

// ABI 1.0's frozen sizes (the header's TH_*_SIZE_1_0): their values on 64-bit platforms, which
// no later header may change.
_Static_assert(TH_PLUGIN_ENTRY_SIZE_1_0 == 80, "th_plugin_entry v1.0 is 80 bytes");
_Static_assert(TH_EFFECT_DESCRIPTOR_SIZE_1_0 == 64, "th_effect_descriptor v1.0 is 64 bytes");
_Static_assert(TH_PARAM_DESCRIPTOR_SIZE_1_0 == 72, "th_param_descriptor v1.0 is 72 bytes");
_Static_assert(TH_ANIMATOR_INTERFACE_SIZE_1_0 == 48, "th_animator_interface v1.0 is 48 bytes");
_Static_assert(TH_PRESENTATION_INTERFACE_SIZE_1_0 == 80, "th_presentation_interface v1.0 is 80 bytes");
_Static_assert(TH_DELEGATE_INTERFACE_SIZE_1_0 == 24, "th_delegate_interface v1.0 is 24 bytes");
_Static_assert(TH_ANIMATION_OPTIONS_SIZE_1_0 == 48, "th_animation_options v1.0 is 48 bytes");
_Static_assert(TH_EFFECT_CONFIG_SIZE_1_0 == 24, "th_effect_config v1.0 is 24 bytes");
_Static_assert(TH_HOST_API_SIZE_1_0 == 328, "th_host_api v1.0 is 328 bytes");
_Static_assert(TH_TYPED_CONSTRUCTOR_SIZE_1_0 == 32, "th_typed_constructor v1.0 is 32 bytes");
_Static_assert(TH_TYPED_CONSTRUCTORS_SIZE_1_0 == 16, "th_typed_constructors v1.0 is 16 bytes");
_Static_assert(TH_TIMING_CURVE_SIZE_1_0 == 48, "th_timing_curve v1.0 is 48 bytes");
_Static_assert(TH_TIMING_CURVES_SIZE_1_0 == 16, "th_timing_curves v1.0 is 16 bytes");
_Static_assert(TH_HOST_CURVES_SIZE_1_0 == 24, "th_host_curves v1.0 is 24 bytes");
_Static_assert(TH_HOST_KEYFRAMES_SIZE_1_0 == 24, "th_host_keyframes v1.0 is 24 bytes");
_Static_assert(TH_HOST_SHARED_ELEMENTS_SIZE_1_0 == 24, "th_host_shared_elements v1.0 is 24 bytes");

// Today's structs are at least their 1.0 size: fields are only ever appended.
_Static_assert(sizeof(th_plugin_entry) >= TH_PLUGIN_ENTRY_SIZE_1_0, "th_plugin_entry shrank");
_Static_assert(sizeof(th_effect_descriptor) >= TH_EFFECT_DESCRIPTOR_SIZE_1_0, "th_effect_descriptor shrank");
_Static_assert(sizeof(th_param_descriptor) >= TH_PARAM_DESCRIPTOR_SIZE_1_0, "th_param_descriptor shrank");
_Static_assert(sizeof(th_animator_interface) >= TH_ANIMATOR_INTERFACE_SIZE_1_0, "th_animator_interface shrank");
_Static_assert(sizeof(th_presentation_interface) >= TH_PRESENTATION_INTERFACE_SIZE_1_0, "th_presentation_interface shrank");
_Static_assert(sizeof(th_delegate_interface) >= TH_DELEGATE_INTERFACE_SIZE_1_0, "th_delegate_interface shrank");
_Static_assert(sizeof(th_animation_options) >= TH_ANIMATION_OPTIONS_SIZE_1_0, "th_animation_options shrank");
TH_ASSERT_OFFSET(th_animation_options, spring_mass, 48);
TH_ASSERT_OFFSET(th_animation_options, spring_damping, 64);
TH_ASSERT_OFFSET(th_animation_options, repeat_count, 72);
TH_ASSERT_OFFSET(th_animation_options, spring_velocity_2d, 84);
TH_ASSERT_OFFSET(th_animation_options, spring_initial_velocity_y, 88);
TH_ASSERT_OFFSET(th_animation_options, cubic_x1, 96);
TH_ASSERT_OFFSET(th_animation_options, cubic_y2, 120);
_Static_assert(sizeof(th_animation_options) == 128, "th_animation_options v1.2 is 128 bytes");
_Static_assert(sizeof(th_host_api) >= TH_HOST_API_SIZE_1_0, "th_host_api shrank");

// ABI 1.1: its appended fields start where 1.0 ended, and its new structs' sizes.
TH_ASSERT_OFFSET(th_host_api, update_interactive_transition, 328);
TH_ASSERT_OFFSET(th_host_api, get_clips_to_bounds, 368);
_Static_assert(TH_HOST_API_SIZE_1_1 == 528, "th_host_api v1.1 is 528 bytes");
_Static_assert(sizeof(th_transform3d) == 128, "th_transform3d is 128 bytes");
_Static_assert(sizeof(th_edge_insets) == 32, "th_edge_insets is 32 bytes");
TH_ASSERT_OFFSET(th_host_api, snapshot_view_after_updates, 512);
TH_ASSERT_OFFSET(th_host_api, resizable_snapshot_view, 520);
TH_ASSERT_OFFSET(th_host_shared_elements, modified_views, 24);
_Static_assert(TH_HOST_SHARED_ELEMENTS_SIZE_1_1 == 40, "th_host_shared_elements v1.1 is 40 bytes");
TH_ASSERT_OFFSET(th_delegate_interface, interaction_controller_for, 24);
_Static_assert(TH_INTERACTION_INTERFACE_SIZE_1_1 == 56, "th_interaction_interface v1.1 is 56 bytes");
_Static_assert(TH_GESTURE_EVENT_SIZE_1_1 == 96, "th_gesture_event v1.1 is 96 bytes");
_Static_assert(TH_HOST_PROPERTY_ANIMATORS_SIZE_1_1 == 112, "th_host_property_animators v1.1 is 112 bytes");
TH_ASSERT_OFFSET(th_animator_interface, interruptible_animator, 48);
TH_ASSERT_OFFSET(th_presentation_interface, presented_view, 80);
TH_ASSERT_OFFSET(th_delegate_interface, animator_for_screens, 32);
_Static_assert(TH_TRANSITION_SCREENS_SIZE_1_1 == 56, "th_transition_screens v1.1 is 56 bytes");
_Static_assert(TH_HOST_VIEW_TRANSITIONS_SIZE_1_1 == 16, "th_host_view_transitions v1.1 is 16 bytes");
// ABI 1.1's frozen sizes of the 1.0 structs it grew (the header's TH_*_SIZE_1_1).
_Static_assert(TH_ANIMATOR_INTERFACE_SIZE_1_1 == 56, "th_animator_interface v1.1 is 56 bytes");
_Static_assert(TH_PRESENTATION_INTERFACE_SIZE_1_1 == 88, "th_presentation_interface v1.1 is 88 bytes");
_Static_assert(TH_DELEGATE_INTERFACE_SIZE_1_1 == 40, "th_delegate_interface v1.1 is 40 bytes");
_Static_assert(TH_EFFECT_DESCRIPTOR_SIZE_1_1 == 64, "th_effect_descriptor v1.1 is 64 bytes");

// ABI 1.2: its appended fields start where 1.1 ended.
TH_ASSERT_OFFSET(th_effect_descriptor, flags, 64);
TH_ASSERT_OFFSET(th_host_api, percent_complete, 528);
TH_ASSERT_OFFSET(th_host_api, set_double_sided, 544);
TH_ASSERT_OFFSET(th_host_api, set_z_position, 560);
TH_ASSERT_OFFSET(th_host_api, set_corner_curve, 576);
TH_ASSERT_OFFSET(th_host_api, set_gradient, 584);
TH_ASSERT_OFFSET(th_host_api, set_anchor_point, 600);
TH_ASSERT_OFFSET(th_host_api, set_mask, 616);
TH_ASSERT_OFFSET(th_host_api, set_blur, 632);
TH_ASSERT_OFFSET(th_host_api, set_shadow_path, 648);
TH_ASSERT_OFFSET(th_host_api, set_sublayer_transform, 664);
TH_ASSERT_OFFSET(th_host_api, set_mask_path, 672);
TH_ASSERT_OFFSET(th_host_api, set_autoresizing_mask, 688);
TH_ASSERT_OFFSET(th_host_api, completion_curve, 704);
_Static_assert(sizeof(th_host_api) == 712, "th_host_api v1.2 is 712 bytes");
_Static_assert(sizeof(th_path_element) == 56, "th_path_element is 56 bytes");
TH_ASSERT_OFFSET(th_path_element, points, 8);
_Static_assert(sizeof(th_gradient_stop) == 40, "th_gradient_stop is 40 bytes");
TH_ASSERT_OFFSET(th_gradient_stop, location, 32);
TH_ASSERT_OFFSET(th_effect_descriptor, reduced_motion, 72);
_Static_assert(sizeof(th_effect_descriptor) == 80, "th_effect_descriptor v1.2 is 80 bytes");
TH_ASSERT_OFFSET(th_host_keyframes, add_keyframe_path, 24);
TH_ASSERT_OFFSET(th_gesture_event, rotation, 96);
TH_ASSERT_OFFSET(th_presentation_interface, should_dismiss, 88);
TH_ASSERT_OFFSET(th_presentation_interface, detent_did_change, 120);
TH_ASSERT_OFFSET(th_presentation_interface, view_will_transition_to_size, 128);
TH_ASSERT_OFFSET(th_presentation_interface, container_did_layout, 136);
_Static_assert(sizeof(th_presentation_interface) == 144, "th_presentation_interface v1.2 is 144 bytes");
_Static_assert(sizeof(th_gesture_event) == 112, "th_gesture_event v1.2 is 112 bytes");
_Static_assert(sizeof(th_host_keyframes) == 32, "th_host_keyframes v1.2 is 32 bytes");
#endif
