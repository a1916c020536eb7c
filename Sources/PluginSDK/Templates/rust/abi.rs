//! transition_host.h, the plugin ABI, in Rust: generated from the header by
//! Scripts/generate-rust-abi, never edited by hand. Every struct has the header's layout
//! (#[repr(C)], fields in its order) and is checked at compile time against the sizes and
//! offsets a C compiler gives it. The header documents every function: who calls it, when,
//! and who owns each pointer. Names drop the th_ prefix and read as Rust types.
#![allow(dead_code, non_camel_case_types)]

use std::ffi::{c_char, c_void, CStr};
use std::mem::{offset_of, size_of};

pub type Status = i32;

// Constants: the header's #defines and enums, with the values a C compiler gives them.
pub const TH_ABI_MAJOR: u16 = 1;
pub const TH_ABI_MINOR: u16 = 2;
pub const TH_TRANSITION_ALL: u32 = 31;
pub const TH_AUTORESIZE_ALL: u32 = 63;
pub const TH_MAX_PATH_ELEMENTS: u32 = 256;
pub const TH_MAX_BLUR_RADIUS: u32 = 100;
pub const TH_MAX_GRADIENT_STOPS: u32 = 16;
pub const TH_MAX_REPEAT_COUNT: u32 = 1000;
pub const TH_MAX_DETENTS: u32 = 8;
pub const TH_MAX_MODIFIERS_BYTES: u32 = 255;
pub const TH_ENTRY_SYMBOL: &CStr = c"th_entry";
pub const TH_ENTRY_FUNCTION_SYMBOL: &CStr = c"th_get_entry";
pub const TH_EXT_TYPED_CONSTRUCTORS: &CStr = c"th.typed-constructors/1";
pub const TH_EXT_TIMING_CURVES: &CStr = c"th.timing-curves/1";
pub const TH_EXT_HOST_CURVES: &CStr = c"th.host-curves/1";
pub const TH_EXT_HOST_KEYFRAMES: &CStr = c"th.host-keyframes/1";
pub const TH_EXT_HOST_SHARED_ELEMENTS: &CStr = c"th.host-shared-elements/1";
pub const TH_EXT_HOST_PROPERTY_ANIMATORS: &CStr = c"th.host-property-animators/1";
pub const TH_EXT_HOST_VIEW_TRANSITIONS: &CStr = c"th.host-view-transitions/1";
pub const TH_OK: Status = 0;
pub const TH_ERR_BAD_HANDLE: Status = -1;
pub const TH_ERR_BAD_ARGUMENT: Status = -2;
pub const TH_ERR_BAD_STATE: Status = -3;
pub const TH_ERR_WRONG_THREAD: Status = -4;
pub const TH_ERR_UNSUPPORTED: Status = -5;
pub const TH_KIND_ANIMATOR: u32 = 1;
pub const TH_KIND_PRESENTATION_CONTROLLER: u32 = 2;
pub const TH_KIND_INTERACTION_CONTROLLER: u32 = 3;
pub const TH_KIND_TRANSITIONING_DELEGATE: u32 = 4;
pub const TH_TRANSITION_PRESENT: u32 = 1;
pub const TH_TRANSITION_DISMISS: u32 = 2;
pub const TH_TRANSITION_PUSH: u32 = 4;
pub const TH_TRANSITION_POP: u32 = 8;
pub const TH_TRANSITION_TAB_SWITCH: u32 = 16;
pub const TH_EFFECT_CUTS: u32 = 1;
pub const TH_EFFECT_NON_INTERACTIVE_START: u32 = 2;
pub const TH_GESTURE_PAN: u32 = 1;
pub const TH_GESTURE_SCREEN_EDGE_PAN: u32 = 2;
pub const TH_GESTURE_PINCH: u32 = 3;
pub const TH_GESTURE_ROTATION: u32 = 4;
pub const TH_GESTURE_LONG_PRESS: u32 = 5;
pub const TH_GESTURE_TAP: u32 = 6;
pub const TH_GESTURE_BEGAN: u32 = 1;
pub const TH_GESTURE_CHANGED: u32 = 2;
pub const TH_GESTURE_ENDED: u32 = 3;
pub const TH_GESTURE_CANCELLED: u32 = 4;
pub const TH_EDGE_TOP: u32 = 1;
pub const TH_EDGE_LEFT: u32 = 2;
pub const TH_EDGE_BOTTOM: u32 = 4;
pub const TH_EDGE_RIGHT: u32 = 8;
pub const TH_CORNER_TOP_LEFT: u32 = 1;
pub const TH_CORNER_TOP_RIGHT: u32 = 2;
pub const TH_CORNER_BOTTOM_LEFT: u32 = 4;
pub const TH_CORNER_BOTTOM_RIGHT: u32 = 8;
pub const TH_CORNER_ALL: u32 = 15;
pub const TH_CORNER_CURVE_CIRCULAR: u32 = 0;
pub const TH_CORNER_CURVE_CONTINUOUS: u32 = 1;
pub const TH_GRADIENT_NONE: u32 = 0;
pub const TH_GRADIENT_AXIAL: u32 = 1;
pub const TH_GRADIENT_RADIAL: u32 = 2;
pub const TH_MASK_NONE: u32 = 0;
pub const TH_MASK_ROUNDED_RECT: u32 = 1;
pub const TH_MASK_ELLIPSE: u32 = 2;
pub const TH_MASK_PATH: u32 = 3;
pub const TH_AUTORESIZE_FLEXIBLE_LEFT_MARGIN: u32 = 1;
pub const TH_AUTORESIZE_FLEXIBLE_WIDTH: u32 = 2;
pub const TH_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN: u32 = 4;
pub const TH_AUTORESIZE_FLEXIBLE_TOP_MARGIN: u32 = 8;
pub const TH_AUTORESIZE_FLEXIBLE_HEIGHT: u32 = 16;
pub const TH_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN: u32 = 32;
pub const TH_PATH_MOVE_TO: u32 = 0;
pub const TH_PATH_LINE_TO: u32 = 1;
pub const TH_PATH_CURVE_TO: u32 = 2;
pub const TH_PATH_CLOSE: u32 = 3;
pub const TH_BLUR_NONE: u32 = 0;
pub const TH_BLUR_BACKDROP: u32 = 1;
pub const TH_BLUR_LAYER: u32 = 2;
pub const TH_FROM: u32 = 0;
pub const TH_TO: u32 = 1;
pub const TH_PRESENTATION_FULL_SCREEN: u32 = 0;
pub const TH_PRESENTATION_CUSTOM: u32 = 4;
pub const TH_PRESENTATION_OVER_FULL_SCREEN: u32 = 5;
pub const TH_CURVE_EASE_IN_OUT: u32 = 0;
pub const TH_CURVE_EASE_IN: u32 = 1;
pub const TH_CURVE_EASE_OUT: u32 = 2;
pub const TH_CURVE_LINEAR: u32 = 3;
pub const TH_CURVE_DEFAULT: u32 = 4;
pub const TH_TIMING_CURVE: u32 = 0;
pub const TH_TIMING_SPRING: u32 = 1;
pub const TH_TIMING_SPRING_PHYSICAL: u32 = 2;
pub const TH_TIMING_CUBIC: u32 = 3;
pub const TH_PARAM_DOUBLE: u32 = 0;
pub const TH_PARAM_INT: u32 = 1;
pub const TH_PARAM_BOOL: u32 = 2;
pub const TH_PARAM_ENUM: u32 = 3;
pub const TH_LOG_DEBUG: u32 = 0;
pub const TH_LOG_INFO: u32 = 1;
pub const TH_LOG_WARNING: u32 = 2;
pub const TH_LOG_ERROR: u32 = 3;
pub const TH_MAX_EFFECTS: u32 = 256;
pub const TH_MAX_PARAMS: u32 = 64;
pub const TH_MAX_CHOICES: u32 = 64;
pub const TH_MAX_ID_BYTES: u32 = 63;
pub const TH_MAX_TEXT_BYTES: u32 = 4096;
pub const TH_MAX_TOTAL_PARAMS: u32 = 2048;
pub const TH_MAX_TOTAL_CHOICES: u32 = 8192;
pub const TH_MAX_DESCRIPTOR_TEXT_BYTES: u32 = 1048576;
pub const TH_KEYFRAMES_LINEAR: u32 = 0;
pub const TH_KEYFRAMES_DISCRETE: u32 = 1;
pub const TH_KEYFRAMES_CUBIC: u32 = 2;
pub const TH_KEYFRAMES_PACED: u32 = 3;
pub const TH_PATH_ROTATE_NONE: u32 = 0;
pub const TH_PATH_ROTATE_AUTO: u32 = 1;
pub const TH_PATH_ROTATE_AUTO_REVERSE: u32 = 2;
pub const TH_ANIMATING_INACTIVE: u32 = 0;
pub const TH_ANIMATING_ACTIVE: u32 = 1;
pub const TH_ANIMATING_STOPPED: u32 = 2;
pub const TH_POSITION_END: u32 = 0;
pub const TH_POSITION_START: u32 = 1;
pub const TH_POSITION_CURRENT: u32 = 2;
pub const TH_VIEW_TRANSITION_CROSS_DISSOLVE: u32 = 0;
pub const TH_VIEW_TRANSITION_FLIP_FROM_LEFT: u32 = 1;
pub const TH_VIEW_TRANSITION_FLIP_FROM_RIGHT: u32 = 2;
pub const TH_VIEW_TRANSITION_FLIP_FROM_TOP: u32 = 3;
pub const TH_VIEW_TRANSITION_FLIP_FROM_BOTTOM: u32 = 4;
pub const TH_PLUGIN_ENTRY_SIZE_1_0: u32 = 80;
pub const TH_EFFECT_DESCRIPTOR_SIZE_1_0: u32 = 64;
pub const TH_PARAM_DESCRIPTOR_SIZE_1_0: u32 = 72;
pub const TH_ANIMATOR_INTERFACE_SIZE_1_0: u32 = 48;
pub const TH_PRESENTATION_INTERFACE_SIZE_1_0: u32 = 80;
pub const TH_DELEGATE_INTERFACE_SIZE_1_0: u32 = 24;
pub const TH_ANIMATION_OPTIONS_SIZE_1_0: u32 = 48;
pub const TH_EFFECT_CONFIG_SIZE_1_0: u32 = 24;
pub const TH_HOST_API_SIZE_1_0: u32 = 328;
pub const TH_TYPED_CONSTRUCTOR_SIZE_1_0: u32 = 32;
pub const TH_TYPED_CONSTRUCTORS_SIZE_1_0: u32 = 16;
pub const TH_TIMING_CURVE_SIZE_1_0: u32 = 48;
pub const TH_TIMING_CURVES_SIZE_1_0: u32 = 16;
pub const TH_HOST_CURVES_SIZE_1_0: u32 = 24;
pub const TH_HOST_KEYFRAMES_SIZE_1_0: u32 = 24;
pub const TH_HOST_SHARED_ELEMENTS_SIZE_1_0: u32 = 24;
pub const TH_INTERACTION_INTERFACE_SIZE_1_1: u32 = 56;
pub const TH_GESTURE_EVENT_SIZE_1_1: u32 = 96;
pub const TH_HOST_PROPERTY_ANIMATORS_SIZE_1_1: u32 = 112;
pub const TH_TRANSITION_SCREENS_SIZE_1_1: u32 = 56;
pub const TH_HOST_VIEW_TRANSITIONS_SIZE_1_1: u32 = 16;
pub const TH_ANIMATOR_INTERFACE_SIZE_1_1: u32 = 56;
pub const TH_PRESENTATION_INTERFACE_SIZE_1_1: u32 = 88;
pub const TH_DELEGATE_INTERFACE_SIZE_1_1: u32 = 40;
pub const TH_HOST_API_SIZE_1_1: u32 = 528;
pub const TH_HOST_SHARED_ELEMENTS_SIZE_1_1: u32 = 40;
pub const TH_EFFECT_DESCRIPTOR_SIZE_1_1: u32 = 64;

// Callbacks. NULL is None wherever the header allows it.
pub type AnimationsFn = Option<unsafe extern "C" fn(*mut c_void)>;
pub type CompletionFn = Option<unsafe extern "C" fn(*mut c_void, bool)>;
pub type AlongsideFn = Option<unsafe extern "C" fn(*mut c_void, Context)>;
pub type PluginGetEntryFn = Option<unsafe extern "C" fn() -> *const PluginEntry>;
pub type CurveFn = Option<unsafe extern "C" fn(f64) -> f64>;
pub type PositionFn = Option<unsafe extern "C" fn(*mut c_void, u32)>;

/// th_view
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    pub id: u64,
}

/// th_view_controller
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ViewController {
    pub id: u64,
}

/// th_context
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Context {
    pub id: u64,
}

/// th_property_animator
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PropertyAnimator {
    pub id: u64,
}

/// th_point
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// th_size
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    pub width: f64,
    pub height: f64,
}

/// th_rect
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub origin: Point,
    pub size: Size,
}

/// th_affine
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Affine {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub tx: f64,
    pub ty: f64,
}

/// th_color
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Color {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
    pub alpha: f64,
}

/// th_transform3d
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Transform3d {
    pub m11: f64,
    pub m12: f64,
    pub m13: f64,
    pub m14: f64,
    pub m21: f64,
    pub m22: f64,
    pub m23: f64,
    pub m24: f64,
    pub m31: f64,
    pub m32: f64,
    pub m33: f64,
    pub m34: f64,
    pub m41: f64,
    pub m42: f64,
    pub m43: f64,
    pub m44: f64,
}

/// th_edge_insets
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EdgeInsets {
    pub top: f64,
    pub left: f64,
    pub bottom: f64,
    pub right: f64,
}

/// th_path_element
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PathElement {
    pub kind: u32,
    pub reserved: u32,
    pub points: [Point; 3],
}

/// th_gradient_stop
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GradientStop {
    pub color: Color,
    pub location: f64,
}

/// th_animation_options
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AnimationOptions {
    pub struct_size: u32,
    pub timing: u32,
    pub duration: f64,
    pub delay: f64,
    pub curve: u32,
    pub reserved: u32,
    pub spring_damping_ratio: f64,
    pub spring_initial_velocity: f64,
    pub spring_mass: f64,
    pub spring_stiffness: f64,
    pub spring_damping: f64,
    pub repeat_count: f64,
    pub autoreverses: u32,
    pub spring_velocity_2d: u32,
    pub spring_initial_velocity_y: f64,
    pub cubic_x1: f64,
    pub cubic_y1: f64,
    pub cubic_x2: f64,
    pub cubic_y2: f64,
}

/// th_host_api
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostApi {
    pub struct_size: u32,
    pub abi_major: u16,
    pub abi_minor: u16,
    pub container_view: Option<unsafe extern "C" fn(Context, *mut View) -> Status>,
    pub view_controller: Option<unsafe extern "C" fn(Context, u32, *mut ViewController) -> Status>,
    pub view: Option<unsafe extern "C" fn(Context, u32, *mut View) -> Status>,
    pub initial_frame: Option<unsafe extern "C" fn(Context, ViewController, *mut Rect) -> Status>,
    pub final_frame: Option<unsafe extern "C" fn(Context, ViewController, *mut Rect) -> Status>,
    pub is_animated: Option<unsafe extern "C" fn(Context, *mut bool) -> Status>,
    pub is_interactive: Option<unsafe extern "C" fn(Context, *mut bool) -> Status>,
    pub transition_was_cancelled: Option<unsafe extern "C" fn(Context, *mut bool) -> Status>,
    pub presentation_style: Option<unsafe extern "C" fn(Context, *mut u32) -> Status>,
    pub transition_kind: Option<unsafe extern "C" fn(Context, *mut u32) -> Status>,
    pub complete_transition: Option<unsafe extern "C" fn(Context, bool) -> Status>,
    pub animate_alongside: Option<unsafe extern "C" fn(Context, AlongsideFn, AlongsideFn, *mut c_void) -> Status>,
    pub transition_duration: Option<unsafe extern "C" fn(Context, *mut f64) -> Status>,
    pub view_of_controller: Option<unsafe extern "C" fn(ViewController, *mut View) -> Status>,
    pub create_view: Option<unsafe extern "C" fn(*const c_char, Rect, *mut View) -> Status>,
    pub snapshot_view: Option<unsafe extern "C" fn(View, *mut View) -> Status>,
    pub add_subview: Option<unsafe extern "C" fn(View, View) -> Status>,
    pub insert_subview_below: Option<unsafe extern "C" fn(View, View, View) -> Status>,
    pub remove_from_superview: Option<unsafe extern "C" fn(View) -> Status>,
    pub superview: Option<unsafe extern "C" fn(View, *mut View) -> Status>,
    pub convert_rect: Option<unsafe extern "C" fn(Rect, View, View, *mut Rect) -> Status>,
    pub get_frame: Option<unsafe extern "C" fn(View, *mut Rect) -> Status>,
    pub set_frame: Option<unsafe extern "C" fn(View, Rect) -> Status>,
    pub get_bounds: Option<unsafe extern "C" fn(View, *mut Rect) -> Status>,
    pub set_bounds: Option<unsafe extern "C" fn(View, Rect) -> Status>,
    pub get_center: Option<unsafe extern "C" fn(View, *mut Point) -> Status>,
    pub set_center: Option<unsafe extern "C" fn(View, Point) -> Status>,
    pub get_alpha: Option<unsafe extern "C" fn(View, *mut f64) -> Status>,
    pub set_alpha: Option<unsafe extern "C" fn(View, f64) -> Status>,
    pub get_hidden: Option<unsafe extern "C" fn(View, *mut bool) -> Status>,
    pub set_hidden: Option<unsafe extern "C" fn(View, bool) -> Status>,
    pub get_transform: Option<unsafe extern "C" fn(View, *mut Affine) -> Status>,
    pub set_transform: Option<unsafe extern "C" fn(View, Affine) -> Status>,
    pub get_background_color: Option<unsafe extern "C" fn(View, *mut Color) -> Status>,
    pub set_background_color: Option<unsafe extern "C" fn(View, Color) -> Status>,
    pub get_corner_radius: Option<unsafe extern "C" fn(View, *mut f64) -> Status>,
    pub set_corner_radius: Option<unsafe extern "C" fn(View, f64) -> Status>,
    pub animate: Option<unsafe extern "C" fn(*const AnimationOptions, AnimationsFn, CompletionFn, *mut c_void) -> Status>,
    pub log: Option<unsafe extern "C" fn(u32, *const c_char)>,
    pub get_extension: Option<unsafe extern "C" fn(*const c_char) -> *const c_void>,
    pub update_interactive_transition: Option<unsafe extern "C" fn(Context, f64) -> Status>,
    pub finish_interactive_transition: Option<unsafe extern "C" fn(Context) -> Status>,
    pub cancel_interactive_transition: Option<unsafe extern "C" fn(Context) -> Status>,
    pub pause_interactive_transition: Option<unsafe extern "C" fn(Context) -> Status>,
    pub notify_when_interaction_changes: Option<unsafe extern "C" fn(Context, AlongsideFn, *mut c_void) -> Status>,
    pub get_clips_to_bounds: Option<unsafe extern "C" fn(View, *mut bool) -> Status>,
    pub set_clips_to_bounds: Option<unsafe extern "C" fn(View, bool) -> Status>,
    pub get_masked_corners: Option<unsafe extern "C" fn(View, *mut u32) -> Status>,
    pub set_masked_corners: Option<unsafe extern "C" fn(View, u32) -> Status>,
    pub get_border_width: Option<unsafe extern "C" fn(View, *mut f64) -> Status>,
    pub set_border_width: Option<unsafe extern "C" fn(View, f64) -> Status>,
    pub get_border_color: Option<unsafe extern "C" fn(View, *mut Color) -> Status>,
    pub set_border_color: Option<unsafe extern "C" fn(View, Color) -> Status>,
    pub get_shadow_color: Option<unsafe extern "C" fn(View, *mut Color) -> Status>,
    pub set_shadow_color: Option<unsafe extern "C" fn(View, Color) -> Status>,
    pub get_shadow_opacity: Option<unsafe extern "C" fn(View, *mut f64) -> Status>,
    pub set_shadow_opacity: Option<unsafe extern "C" fn(View, f64) -> Status>,
    pub get_shadow_radius: Option<unsafe extern "C" fn(View, *mut f64) -> Status>,
    pub set_shadow_radius: Option<unsafe extern "C" fn(View, f64) -> Status>,
    pub get_shadow_offset: Option<unsafe extern "C" fn(View, *mut Point) -> Status>,
    pub set_shadow_offset: Option<unsafe extern "C" fn(View, Point) -> Status>,
    pub get_transform3d: Option<unsafe extern "C" fn(View, *mut Transform3d) -> Status>,
    pub set_transform3d: Option<unsafe extern "C" fn(View, Transform3d) -> Status>,
    pub snapshot_view_after_updates: Option<unsafe extern "C" fn(View, bool, *mut View) -> Status>,
    pub resizable_snapshot_view: Option<unsafe extern "C" fn(View, Rect, bool, EdgeInsets, *mut View) -> Status>,
    pub percent_complete: Option<unsafe extern "C" fn(Context, *mut f64) -> Status>,
    pub get_double_sided: Option<unsafe extern "C" fn(View, *mut bool) -> Status>,
    pub set_double_sided: Option<unsafe extern "C" fn(View, bool) -> Status>,
    pub get_z_position: Option<unsafe extern "C" fn(View, *mut f64) -> Status>,
    pub set_z_position: Option<unsafe extern "C" fn(View, f64) -> Status>,
    pub get_corner_curve: Option<unsafe extern "C" fn(View, *mut u32) -> Status>,
    pub set_corner_curve: Option<unsafe extern "C" fn(View, u32) -> Status>,
    pub set_gradient: Option<unsafe extern "C" fn(View, u32, Point, Point, u32, *const GradientStop) -> Status>,
    pub get_anchor_point: Option<unsafe extern "C" fn(View, *mut Point) -> Status>,
    pub set_anchor_point: Option<unsafe extern "C" fn(View, Point) -> Status>,
    pub get_mask: Option<unsafe extern "C" fn(View, *mut u32, *mut Rect, *mut f64) -> Status>,
    pub set_mask: Option<unsafe extern "C" fn(View, u32, Rect, f64) -> Status>,
    pub get_blur: Option<unsafe extern "C" fn(View, *mut u32, *mut f64) -> Status>,
    pub set_blur: Option<unsafe extern "C" fn(View, u32, f64) -> Status>,
    pub get_shadow_path: Option<unsafe extern "C" fn(View, *mut u32, *mut Rect, *mut f64) -> Status>,
    pub set_shadow_path: Option<unsafe extern "C" fn(View, u32, Rect, f64) -> Status>,
    pub get_sublayer_transform: Option<unsafe extern "C" fn(View, *mut Transform3d) -> Status>,
    pub set_sublayer_transform: Option<unsafe extern "C" fn(View, Transform3d) -> Status>,
    pub set_mask_path: Option<unsafe extern "C" fn(View, u32, *const PathElement) -> Status>,
    pub get_autoresizing_mask: Option<unsafe extern "C" fn(View, *mut u32) -> Status>,
    pub set_autoresizing_mask: Option<unsafe extern "C" fn(View, u32) -> Status>,
    pub completion_velocity: Option<unsafe extern "C" fn(Context, *mut f64) -> Status>,
    pub completion_curve: Option<unsafe extern "C" fn(Context, *mut u32) -> Status>,
}
unsafe impl Sync for HostApi {}

/// th_effect_config
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EffectConfig {
    pub struct_size: u32,
    pub transition: u32,
    pub param_count: u32,
    pub reserved: u32,
    pub params: *const f64,
}
unsafe impl Sync for EffectConfig {}

/// th_animator_interface
#[repr(C)]
#[derive(Clone, Copy)]
pub struct AnimatorInterface {
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(*const EffectConfig) -> *mut c_void>,
    pub destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    pub transition_duration: Option<unsafe extern "C" fn(*mut c_void, Context) -> f64>,
    pub animate_transition: Option<unsafe extern "C" fn(*mut c_void, Context)>,
    pub animation_ended: Option<unsafe extern "C" fn(*mut c_void, bool)>,
    pub interruptible_animator: Option<unsafe extern "C" fn(*mut c_void, Context) -> PropertyAnimator>,
}
unsafe impl Sync for AnimatorInterface {}

/// th_gesture_event
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GestureEvent {
    pub struct_size: u32,
    pub kind: u32,
    pub state: u32,
    pub edge: u32,
    pub time: f64,
    pub view: View,
    pub location: Point,
    pub translation: Point,
    pub velocity: Point,
    pub scale: f64,
    pub scale_velocity: f64,
    pub rotation: f64,
    pub rotation_velocity: f64,
}

/// th_interaction_interface
#[repr(C)]
#[derive(Clone, Copy)]
pub struct InteractionInterface {
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(*const EffectConfig) -> *mut c_void>,
    pub destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    pub start_interactive_transition: Option<unsafe extern "C" fn(*mut c_void, Context)>,
    pub gesture: Option<unsafe extern "C" fn(*mut c_void, Context, *const GestureEvent)>,
    pub completion_speed: Option<unsafe extern "C" fn(*mut c_void) -> f64>,
    pub completion_curve: Option<unsafe extern "C" fn(*mut c_void) -> u32>,
}
unsafe impl Sync for InteractionInterface {}

/// th_presentation_interface
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PresentationInterface {
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(*const EffectConfig) -> *mut c_void>,
    pub destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    pub frame_of_presented_view: Option<unsafe extern "C" fn(*mut c_void, Rect, *mut Rect) -> bool>,
    pub presentation_will_begin: Option<unsafe extern "C" fn(*mut c_void, Context)>,
    pub presentation_did_end: Option<unsafe extern "C" fn(*mut c_void, bool)>,
    pub dismissal_will_begin: Option<unsafe extern "C" fn(*mut c_void, Context)>,
    pub dismissal_did_end: Option<unsafe extern "C" fn(*mut c_void, bool)>,
    pub container_will_layout: Option<unsafe extern "C" fn(*mut c_void, View)>,
    pub should_remove_presenters_view: Option<unsafe extern "C" fn(*mut c_void) -> bool>,
    pub presented_view: Option<unsafe extern "C" fn(*mut c_void, View) -> View>,
    pub should_dismiss: Option<unsafe extern "C" fn(*mut c_void) -> bool>,
    pub did_attempt_to_dismiss: Option<unsafe extern "C" fn(*mut c_void)>,
    pub detent_count: Option<unsafe extern "C" fn(*mut c_void) -> u32>,
    pub detent_height: Option<unsafe extern "C" fn(*mut c_void, u32, Rect) -> f64>,
    pub detent_did_change: Option<unsafe extern "C" fn(*mut c_void, u32)>,
    pub view_will_transition_to_size: Option<unsafe extern "C" fn(*mut c_void, Size)>,
    pub container_did_layout: Option<unsafe extern "C" fn(*mut c_void, View)>,
}
unsafe impl Sync for PresentationInterface {}

/// th_screen
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Screen {
    pub name: *const c_char,
    pub tag: *const c_char,
}
unsafe impl Sync for Screen {}

/// th_transition_screens
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TransitionScreens {
    pub struct_size: u32,
    pub transition: u32,
    pub presented: Screen,
    pub presenting: Screen,
    pub source: Screen,
}
unsafe impl Sync for TransitionScreens {}

/// th_delegate_interface
#[repr(C)]
#[derive(Clone, Copy)]
pub struct DelegateInterface {
    pub struct_size: u32,
    pub animator_for: Option<unsafe extern "C" fn(u32) -> *const c_char>,
    pub presentation_controller: Option<unsafe extern "C" fn() -> *const c_char>,
    pub interaction_controller_for: Option<unsafe extern "C" fn(u32, *const c_char) -> *const c_char>,
    pub animator_for_screens: Option<unsafe extern "C" fn(*const TransitionScreens) -> *const c_char>,
}
unsafe impl Sync for DelegateInterface {}

/// th_param_descriptor
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ParamDescriptor {
    pub struct_size: u32,
    pub type_: u32,
    pub id: *const c_char,
    pub name: *const c_char,
    pub unit: *const c_char,
    pub min_value: f64,
    pub max_value: f64,
    pub default_value: f64,
    pub choice_count: u32,
    pub choices: *const *const c_char,
}
unsafe impl Sync for ParamDescriptor {}

/// th_effect_descriptor
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EffectDescriptor {
    pub struct_size: u32,
    pub kind: u32,
    pub id: *const c_char,
    pub name: *const c_char,
    pub description: *const c_char,
    pub transitions: u32,
    pub param_count: u32,
    pub params: *const ParamDescriptor,
    pub default_duration: f64,
    pub interface: *const c_void,
    pub flags: u32,
    pub reduced_motion: *const c_char,
}
unsafe impl Sync for EffectDescriptor {}

/// th_plugin_entry
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PluginEntry {
    pub struct_size: u32,
    pub abi_major: u16,
    pub abi_minor: u16,
    pub id: *const c_char,
    pub name: *const c_char,
    pub version: *const c_char,
    pub vendor: *const c_char,
    pub init: Option<unsafe extern "C" fn(*const HostApi) -> bool>,
    pub deinit: Option<unsafe extern "C" fn()>,
    pub effect_count: Option<unsafe extern "C" fn() -> u32>,
    pub get_effect: Option<unsafe extern "C" fn(u32) -> *const EffectDescriptor>,
    pub get_extension: Option<unsafe extern "C" fn(*const c_char) -> *const c_void>,
}
unsafe impl Sync for PluginEntry {}

/// th_typed_constructor
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TypedConstructor {
    pub struct_size: u32,
    pub reserved: u32,
    pub effect_id: *const c_char,
    pub signature: *const c_char,
    pub function: Option<unsafe extern "C" fn()>,
}
unsafe impl Sync for TypedConstructor {}

/// th_typed_constructors
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TypedConstructors {
    pub struct_size: u32,
    pub count: u32,
    pub items: *const TypedConstructor,
}
unsafe impl Sync for TypedConstructors {}

/// th_timing_curve
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TimingCurve {
    pub struct_size: u32,
    pub param_count: u32,
    pub id: *const c_char,
    pub name: *const c_char,
    pub signature: *const c_char,
    pub function: Option<unsafe extern "C" fn()>,
    pub params: *const ParamDescriptor,
}
unsafe impl Sync for TimingCurve {}

/// th_timing_curves
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TimingCurves {
    pub struct_size: u32,
    pub count: u32,
    pub items: *const TimingCurve,
}
unsafe impl Sync for TimingCurves {}

/// th_host_curves
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostCurves {
    pub struct_size: u32,
    pub curve_function: Option<unsafe extern "C" fn(*const c_char, *mut CurveFn) -> Status>,
    pub animate_with_curve: Option<unsafe extern "C" fn(*const AnimationOptions, *const c_char, AnimationsFn, CompletionFn, *mut c_void) -> Status>,
}
unsafe impl Sync for HostCurves {}

/// th_host_keyframes
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostKeyframes {
    pub struct_size: u32,
    pub animate_keyframes: Option<unsafe extern "C" fn(*const AnimationOptions, u32, AnimationsFn, CompletionFn, *mut c_void) -> Status>,
    pub add_keyframe: Option<unsafe extern "C" fn(f64, f64, AnimationsFn, *mut c_void) -> Status>,
    pub add_keyframe_path: Option<unsafe extern "C" fn(View, u32, *const PathElement, u32) -> Status>,
}
unsafe impl Sync for HostKeyframes {}

/// th_host_shared_elements
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostSharedElements {
    pub struct_size: u32,
    pub shared_views: Option<unsafe extern "C" fn(View, *mut View, u32, *mut u32) -> Status>,
    pub matching_view: Option<unsafe extern "C" fn(View, View, *mut View) -> Status>,
    pub modified_views: Option<unsafe extern "C" fn(View, *mut View, u32, *mut u32) -> Status>,
    pub modifiers: Option<unsafe extern "C" fn(View, *mut c_char, u32, *mut u32) -> Status>,
}
unsafe impl Sync for HostSharedElements {}

/// th_host_property_animators
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostPropertyAnimators {
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(*const AnimationOptions, *mut PropertyAnimator) -> Status>,
    pub add_animations: Option<unsafe extern "C" fn(PropertyAnimator, AnimationsFn, *mut c_void) -> Status>,
    pub add_completion: Option<unsafe extern "C" fn(PropertyAnimator, PositionFn, *mut c_void) -> Status>,
    pub start: Option<unsafe extern "C" fn(PropertyAnimator) -> Status>,
    pub pause: Option<unsafe extern "C" fn(PropertyAnimator) -> Status>,
    pub stop: Option<unsafe extern "C" fn(PropertyAnimator, bool) -> Status>,
    pub finish: Option<unsafe extern "C" fn(PropertyAnimator, u32) -> Status>,
    pub set_fraction_complete: Option<unsafe extern "C" fn(PropertyAnimator, f64) -> Status>,
    pub get_fraction_complete: Option<unsafe extern "C" fn(PropertyAnimator, *mut f64) -> Status>,
    pub set_reversed: Option<unsafe extern "C" fn(PropertyAnimator, bool) -> Status>,
    pub continue_animation: Option<unsafe extern "C" fn(PropertyAnimator, *const AnimationOptions, f64) -> Status>,
    pub state: Option<unsafe extern "C" fn(PropertyAnimator, *mut u32) -> Status>,
    pub is_running: Option<unsafe extern "C" fn(PropertyAnimator, *mut bool) -> Status>,
}
unsafe impl Sync for HostPropertyAnimators {}

/// th_host_view_transitions
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HostViewTransitions {
    pub struct_size: u32,
    pub transition: Option<unsafe extern "C" fn(View, View, u32, *const AnimationOptions, CompletionFn, *mut c_void) -> Status>,
}
unsafe impl Sync for HostViewTransitions {}

// The layout a C compiler gives each struct: a binding that drifts does not build.
const _: () = assert!(size_of::<View>() == 8);
const _: () = assert!(offset_of!(View, id) == 0);
const _: () = assert!(size_of::<ViewController>() == 8);
const _: () = assert!(offset_of!(ViewController, id) == 0);
const _: () = assert!(size_of::<Context>() == 8);
const _: () = assert!(offset_of!(Context, id) == 0);
const _: () = assert!(size_of::<PropertyAnimator>() == 8);
const _: () = assert!(offset_of!(PropertyAnimator, id) == 0);
const _: () = assert!(size_of::<Point>() == 16);
const _: () = assert!(offset_of!(Point, x) == 0);
const _: () = assert!(offset_of!(Point, y) == 8);
const _: () = assert!(size_of::<Size>() == 16);
const _: () = assert!(offset_of!(Size, width) == 0);
const _: () = assert!(offset_of!(Size, height) == 8);
const _: () = assert!(size_of::<Rect>() == 32);
const _: () = assert!(offset_of!(Rect, origin) == 0);
const _: () = assert!(offset_of!(Rect, size) == 16);
const _: () = assert!(size_of::<Affine>() == 48);
const _: () = assert!(offset_of!(Affine, a) == 0);
const _: () = assert!(offset_of!(Affine, b) == 8);
const _: () = assert!(offset_of!(Affine, c) == 16);
const _: () = assert!(offset_of!(Affine, d) == 24);
const _: () = assert!(offset_of!(Affine, tx) == 32);
const _: () = assert!(offset_of!(Affine, ty) == 40);
const _: () = assert!(size_of::<Color>() == 32);
const _: () = assert!(offset_of!(Color, red) == 0);
const _: () = assert!(offset_of!(Color, green) == 8);
const _: () = assert!(offset_of!(Color, blue) == 16);
const _: () = assert!(offset_of!(Color, alpha) == 24);
const _: () = assert!(size_of::<Transform3d>() == 128);
const _: () = assert!(offset_of!(Transform3d, m11) == 0);
const _: () = assert!(offset_of!(Transform3d, m12) == 8);
const _: () = assert!(offset_of!(Transform3d, m13) == 16);
const _: () = assert!(offset_of!(Transform3d, m14) == 24);
const _: () = assert!(offset_of!(Transform3d, m21) == 32);
const _: () = assert!(offset_of!(Transform3d, m22) == 40);
const _: () = assert!(offset_of!(Transform3d, m23) == 48);
const _: () = assert!(offset_of!(Transform3d, m24) == 56);
const _: () = assert!(offset_of!(Transform3d, m31) == 64);
const _: () = assert!(offset_of!(Transform3d, m32) == 72);
const _: () = assert!(offset_of!(Transform3d, m33) == 80);
const _: () = assert!(offset_of!(Transform3d, m34) == 88);
const _: () = assert!(offset_of!(Transform3d, m41) == 96);
const _: () = assert!(offset_of!(Transform3d, m42) == 104);
const _: () = assert!(offset_of!(Transform3d, m43) == 112);
const _: () = assert!(offset_of!(Transform3d, m44) == 120);
const _: () = assert!(size_of::<EdgeInsets>() == 32);
const _: () = assert!(offset_of!(EdgeInsets, top) == 0);
const _: () = assert!(offset_of!(EdgeInsets, left) == 8);
const _: () = assert!(offset_of!(EdgeInsets, bottom) == 16);
const _: () = assert!(offset_of!(EdgeInsets, right) == 24);
const _: () = assert!(size_of::<PathElement>() == 56);
const _: () = assert!(offset_of!(PathElement, kind) == 0);
const _: () = assert!(offset_of!(PathElement, reserved) == 4);
const _: () = assert!(offset_of!(PathElement, points) == 8);
const _: () = assert!(size_of::<GradientStop>() == 40);
const _: () = assert!(offset_of!(GradientStop, color) == 0);
const _: () = assert!(offset_of!(GradientStop, location) == 32);
const _: () = assert!(size_of::<AnimationOptions>() == 128);
const _: () = assert!(offset_of!(AnimationOptions, struct_size) == 0);
const _: () = assert!(offset_of!(AnimationOptions, timing) == 4);
const _: () = assert!(offset_of!(AnimationOptions, duration) == 8);
const _: () = assert!(offset_of!(AnimationOptions, delay) == 16);
const _: () = assert!(offset_of!(AnimationOptions, curve) == 24);
const _: () = assert!(offset_of!(AnimationOptions, reserved) == 28);
const _: () = assert!(offset_of!(AnimationOptions, spring_damping_ratio) == 32);
const _: () = assert!(offset_of!(AnimationOptions, spring_initial_velocity) == 40);
const _: () = assert!(offset_of!(AnimationOptions, spring_mass) == 48);
const _: () = assert!(offset_of!(AnimationOptions, spring_stiffness) == 56);
const _: () = assert!(offset_of!(AnimationOptions, spring_damping) == 64);
const _: () = assert!(offset_of!(AnimationOptions, repeat_count) == 72);
const _: () = assert!(offset_of!(AnimationOptions, autoreverses) == 80);
const _: () = assert!(offset_of!(AnimationOptions, spring_velocity_2d) == 84);
const _: () = assert!(offset_of!(AnimationOptions, spring_initial_velocity_y) == 88);
const _: () = assert!(offset_of!(AnimationOptions, cubic_x1) == 96);
const _: () = assert!(offset_of!(AnimationOptions, cubic_y1) == 104);
const _: () = assert!(offset_of!(AnimationOptions, cubic_x2) == 112);
const _: () = assert!(offset_of!(AnimationOptions, cubic_y2) == 120);
const _: () = assert!(size_of::<HostApi>() == 712);
const _: () = assert!(offset_of!(HostApi, struct_size) == 0);
const _: () = assert!(offset_of!(HostApi, abi_major) == 4);
const _: () = assert!(offset_of!(HostApi, abi_minor) == 6);
const _: () = assert!(offset_of!(HostApi, container_view) == 8);
const _: () = assert!(offset_of!(HostApi, view_controller) == 16);
const _: () = assert!(offset_of!(HostApi, view) == 24);
const _: () = assert!(offset_of!(HostApi, initial_frame) == 32);
const _: () = assert!(offset_of!(HostApi, final_frame) == 40);
const _: () = assert!(offset_of!(HostApi, is_animated) == 48);
const _: () = assert!(offset_of!(HostApi, is_interactive) == 56);
const _: () = assert!(offset_of!(HostApi, transition_was_cancelled) == 64);
const _: () = assert!(offset_of!(HostApi, presentation_style) == 72);
const _: () = assert!(offset_of!(HostApi, transition_kind) == 80);
const _: () = assert!(offset_of!(HostApi, complete_transition) == 88);
const _: () = assert!(offset_of!(HostApi, animate_alongside) == 96);
const _: () = assert!(offset_of!(HostApi, transition_duration) == 104);
const _: () = assert!(offset_of!(HostApi, view_of_controller) == 112);
const _: () = assert!(offset_of!(HostApi, create_view) == 120);
const _: () = assert!(offset_of!(HostApi, snapshot_view) == 128);
const _: () = assert!(offset_of!(HostApi, add_subview) == 136);
const _: () = assert!(offset_of!(HostApi, insert_subview_below) == 144);
const _: () = assert!(offset_of!(HostApi, remove_from_superview) == 152);
const _: () = assert!(offset_of!(HostApi, superview) == 160);
const _: () = assert!(offset_of!(HostApi, convert_rect) == 168);
const _: () = assert!(offset_of!(HostApi, get_frame) == 176);
const _: () = assert!(offset_of!(HostApi, set_frame) == 184);
const _: () = assert!(offset_of!(HostApi, get_bounds) == 192);
const _: () = assert!(offset_of!(HostApi, set_bounds) == 200);
const _: () = assert!(offset_of!(HostApi, get_center) == 208);
const _: () = assert!(offset_of!(HostApi, set_center) == 216);
const _: () = assert!(offset_of!(HostApi, get_alpha) == 224);
const _: () = assert!(offset_of!(HostApi, set_alpha) == 232);
const _: () = assert!(offset_of!(HostApi, get_hidden) == 240);
const _: () = assert!(offset_of!(HostApi, set_hidden) == 248);
const _: () = assert!(offset_of!(HostApi, get_transform) == 256);
const _: () = assert!(offset_of!(HostApi, set_transform) == 264);
const _: () = assert!(offset_of!(HostApi, get_background_color) == 272);
const _: () = assert!(offset_of!(HostApi, set_background_color) == 280);
const _: () = assert!(offset_of!(HostApi, get_corner_radius) == 288);
const _: () = assert!(offset_of!(HostApi, set_corner_radius) == 296);
const _: () = assert!(offset_of!(HostApi, animate) == 304);
const _: () = assert!(offset_of!(HostApi, log) == 312);
const _: () = assert!(offset_of!(HostApi, get_extension) == 320);
const _: () = assert!(offset_of!(HostApi, update_interactive_transition) == 328);
const _: () = assert!(offset_of!(HostApi, finish_interactive_transition) == 336);
const _: () = assert!(offset_of!(HostApi, cancel_interactive_transition) == 344);
const _: () = assert!(offset_of!(HostApi, pause_interactive_transition) == 352);
const _: () = assert!(offset_of!(HostApi, notify_when_interaction_changes) == 360);
const _: () = assert!(offset_of!(HostApi, get_clips_to_bounds) == 368);
const _: () = assert!(offset_of!(HostApi, set_clips_to_bounds) == 376);
const _: () = assert!(offset_of!(HostApi, get_masked_corners) == 384);
const _: () = assert!(offset_of!(HostApi, set_masked_corners) == 392);
const _: () = assert!(offset_of!(HostApi, get_border_width) == 400);
const _: () = assert!(offset_of!(HostApi, set_border_width) == 408);
const _: () = assert!(offset_of!(HostApi, get_border_color) == 416);
const _: () = assert!(offset_of!(HostApi, set_border_color) == 424);
const _: () = assert!(offset_of!(HostApi, get_shadow_color) == 432);
const _: () = assert!(offset_of!(HostApi, set_shadow_color) == 440);
const _: () = assert!(offset_of!(HostApi, get_shadow_opacity) == 448);
const _: () = assert!(offset_of!(HostApi, set_shadow_opacity) == 456);
const _: () = assert!(offset_of!(HostApi, get_shadow_radius) == 464);
const _: () = assert!(offset_of!(HostApi, set_shadow_radius) == 472);
const _: () = assert!(offset_of!(HostApi, get_shadow_offset) == 480);
const _: () = assert!(offset_of!(HostApi, set_shadow_offset) == 488);
const _: () = assert!(offset_of!(HostApi, get_transform3d) == 496);
const _: () = assert!(offset_of!(HostApi, set_transform3d) == 504);
const _: () = assert!(offset_of!(HostApi, snapshot_view_after_updates) == 512);
const _: () = assert!(offset_of!(HostApi, resizable_snapshot_view) == 520);
const _: () = assert!(offset_of!(HostApi, percent_complete) == 528);
const _: () = assert!(offset_of!(HostApi, get_double_sided) == 536);
const _: () = assert!(offset_of!(HostApi, set_double_sided) == 544);
const _: () = assert!(offset_of!(HostApi, get_z_position) == 552);
const _: () = assert!(offset_of!(HostApi, set_z_position) == 560);
const _: () = assert!(offset_of!(HostApi, get_corner_curve) == 568);
const _: () = assert!(offset_of!(HostApi, set_corner_curve) == 576);
const _: () = assert!(offset_of!(HostApi, set_gradient) == 584);
const _: () = assert!(offset_of!(HostApi, get_anchor_point) == 592);
const _: () = assert!(offset_of!(HostApi, set_anchor_point) == 600);
const _: () = assert!(offset_of!(HostApi, get_mask) == 608);
const _: () = assert!(offset_of!(HostApi, set_mask) == 616);
const _: () = assert!(offset_of!(HostApi, get_blur) == 624);
const _: () = assert!(offset_of!(HostApi, set_blur) == 632);
const _: () = assert!(offset_of!(HostApi, get_shadow_path) == 640);
const _: () = assert!(offset_of!(HostApi, set_shadow_path) == 648);
const _: () = assert!(offset_of!(HostApi, get_sublayer_transform) == 656);
const _: () = assert!(offset_of!(HostApi, set_sublayer_transform) == 664);
const _: () = assert!(offset_of!(HostApi, set_mask_path) == 672);
const _: () = assert!(offset_of!(HostApi, get_autoresizing_mask) == 680);
const _: () = assert!(offset_of!(HostApi, set_autoresizing_mask) == 688);
const _: () = assert!(offset_of!(HostApi, completion_velocity) == 696);
const _: () = assert!(offset_of!(HostApi, completion_curve) == 704);
const _: () = assert!(size_of::<EffectConfig>() == 24);
const _: () = assert!(offset_of!(EffectConfig, struct_size) == 0);
const _: () = assert!(offset_of!(EffectConfig, transition) == 4);
const _: () = assert!(offset_of!(EffectConfig, param_count) == 8);
const _: () = assert!(offset_of!(EffectConfig, reserved) == 12);
const _: () = assert!(offset_of!(EffectConfig, params) == 16);
const _: () = assert!(size_of::<AnimatorInterface>() == 56);
const _: () = assert!(offset_of!(AnimatorInterface, struct_size) == 0);
const _: () = assert!(offset_of!(AnimatorInterface, create) == 8);
const _: () = assert!(offset_of!(AnimatorInterface, destroy) == 16);
const _: () = assert!(offset_of!(AnimatorInterface, transition_duration) == 24);
const _: () = assert!(offset_of!(AnimatorInterface, animate_transition) == 32);
const _: () = assert!(offset_of!(AnimatorInterface, animation_ended) == 40);
const _: () = assert!(offset_of!(AnimatorInterface, interruptible_animator) == 48);
const _: () = assert!(size_of::<GestureEvent>() == 112);
const _: () = assert!(offset_of!(GestureEvent, struct_size) == 0);
const _: () = assert!(offset_of!(GestureEvent, kind) == 4);
const _: () = assert!(offset_of!(GestureEvent, state) == 8);
const _: () = assert!(offset_of!(GestureEvent, edge) == 12);
const _: () = assert!(offset_of!(GestureEvent, time) == 16);
const _: () = assert!(offset_of!(GestureEvent, view) == 24);
const _: () = assert!(offset_of!(GestureEvent, location) == 32);
const _: () = assert!(offset_of!(GestureEvent, translation) == 48);
const _: () = assert!(offset_of!(GestureEvent, velocity) == 64);
const _: () = assert!(offset_of!(GestureEvent, scale) == 80);
const _: () = assert!(offset_of!(GestureEvent, scale_velocity) == 88);
const _: () = assert!(offset_of!(GestureEvent, rotation) == 96);
const _: () = assert!(offset_of!(GestureEvent, rotation_velocity) == 104);
const _: () = assert!(size_of::<InteractionInterface>() == 56);
const _: () = assert!(offset_of!(InteractionInterface, struct_size) == 0);
const _: () = assert!(offset_of!(InteractionInterface, create) == 8);
const _: () = assert!(offset_of!(InteractionInterface, destroy) == 16);
const _: () = assert!(offset_of!(InteractionInterface, start_interactive_transition) == 24);
const _: () = assert!(offset_of!(InteractionInterface, gesture) == 32);
const _: () = assert!(offset_of!(InteractionInterface, completion_speed) == 40);
const _: () = assert!(offset_of!(InteractionInterface, completion_curve) == 48);
const _: () = assert!(size_of::<PresentationInterface>() == 144);
const _: () = assert!(offset_of!(PresentationInterface, struct_size) == 0);
const _: () = assert!(offset_of!(PresentationInterface, create) == 8);
const _: () = assert!(offset_of!(PresentationInterface, destroy) == 16);
const _: () = assert!(offset_of!(PresentationInterface, frame_of_presented_view) == 24);
const _: () = assert!(offset_of!(PresentationInterface, presentation_will_begin) == 32);
const _: () = assert!(offset_of!(PresentationInterface, presentation_did_end) == 40);
const _: () = assert!(offset_of!(PresentationInterface, dismissal_will_begin) == 48);
const _: () = assert!(offset_of!(PresentationInterface, dismissal_did_end) == 56);
const _: () = assert!(offset_of!(PresentationInterface, container_will_layout) == 64);
const _: () = assert!(offset_of!(PresentationInterface, should_remove_presenters_view) == 72);
const _: () = assert!(offset_of!(PresentationInterface, presented_view) == 80);
const _: () = assert!(offset_of!(PresentationInterface, should_dismiss) == 88);
const _: () = assert!(offset_of!(PresentationInterface, did_attempt_to_dismiss) == 96);
const _: () = assert!(offset_of!(PresentationInterface, detent_count) == 104);
const _: () = assert!(offset_of!(PresentationInterface, detent_height) == 112);
const _: () = assert!(offset_of!(PresentationInterface, detent_did_change) == 120);
const _: () = assert!(offset_of!(PresentationInterface, view_will_transition_to_size) == 128);
const _: () = assert!(offset_of!(PresentationInterface, container_did_layout) == 136);
const _: () = assert!(size_of::<Screen>() == 16);
const _: () = assert!(offset_of!(Screen, name) == 0);
const _: () = assert!(offset_of!(Screen, tag) == 8);
const _: () = assert!(size_of::<TransitionScreens>() == 56);
const _: () = assert!(offset_of!(TransitionScreens, struct_size) == 0);
const _: () = assert!(offset_of!(TransitionScreens, transition) == 4);
const _: () = assert!(offset_of!(TransitionScreens, presented) == 8);
const _: () = assert!(offset_of!(TransitionScreens, presenting) == 24);
const _: () = assert!(offset_of!(TransitionScreens, source) == 40);
const _: () = assert!(size_of::<DelegateInterface>() == 40);
const _: () = assert!(offset_of!(DelegateInterface, struct_size) == 0);
const _: () = assert!(offset_of!(DelegateInterface, animator_for) == 8);
const _: () = assert!(offset_of!(DelegateInterface, presentation_controller) == 16);
const _: () = assert!(offset_of!(DelegateInterface, interaction_controller_for) == 24);
const _: () = assert!(offset_of!(DelegateInterface, animator_for_screens) == 32);
const _: () = assert!(size_of::<ParamDescriptor>() == 72);
const _: () = assert!(offset_of!(ParamDescriptor, struct_size) == 0);
const _: () = assert!(offset_of!(ParamDescriptor, type_) == 4);
const _: () = assert!(offset_of!(ParamDescriptor, id) == 8);
const _: () = assert!(offset_of!(ParamDescriptor, name) == 16);
const _: () = assert!(offset_of!(ParamDescriptor, unit) == 24);
const _: () = assert!(offset_of!(ParamDescriptor, min_value) == 32);
const _: () = assert!(offset_of!(ParamDescriptor, max_value) == 40);
const _: () = assert!(offset_of!(ParamDescriptor, default_value) == 48);
const _: () = assert!(offset_of!(ParamDescriptor, choice_count) == 56);
const _: () = assert!(offset_of!(ParamDescriptor, choices) == 64);
const _: () = assert!(size_of::<EffectDescriptor>() == 80);
const _: () = assert!(offset_of!(EffectDescriptor, struct_size) == 0);
const _: () = assert!(offset_of!(EffectDescriptor, kind) == 4);
const _: () = assert!(offset_of!(EffectDescriptor, id) == 8);
const _: () = assert!(offset_of!(EffectDescriptor, name) == 16);
const _: () = assert!(offset_of!(EffectDescriptor, description) == 24);
const _: () = assert!(offset_of!(EffectDescriptor, transitions) == 32);
const _: () = assert!(offset_of!(EffectDescriptor, param_count) == 36);
const _: () = assert!(offset_of!(EffectDescriptor, params) == 40);
const _: () = assert!(offset_of!(EffectDescriptor, default_duration) == 48);
const _: () = assert!(offset_of!(EffectDescriptor, interface) == 56);
const _: () = assert!(offset_of!(EffectDescriptor, flags) == 64);
const _: () = assert!(offset_of!(EffectDescriptor, reduced_motion) == 72);
const _: () = assert!(size_of::<PluginEntry>() == 80);
const _: () = assert!(offset_of!(PluginEntry, struct_size) == 0);
const _: () = assert!(offset_of!(PluginEntry, abi_major) == 4);
const _: () = assert!(offset_of!(PluginEntry, abi_minor) == 6);
const _: () = assert!(offset_of!(PluginEntry, id) == 8);
const _: () = assert!(offset_of!(PluginEntry, name) == 16);
const _: () = assert!(offset_of!(PluginEntry, version) == 24);
const _: () = assert!(offset_of!(PluginEntry, vendor) == 32);
const _: () = assert!(offset_of!(PluginEntry, init) == 40);
const _: () = assert!(offset_of!(PluginEntry, deinit) == 48);
const _: () = assert!(offset_of!(PluginEntry, effect_count) == 56);
const _: () = assert!(offset_of!(PluginEntry, get_effect) == 64);
const _: () = assert!(offset_of!(PluginEntry, get_extension) == 72);
const _: () = assert!(size_of::<TypedConstructor>() == 32);
const _: () = assert!(offset_of!(TypedConstructor, struct_size) == 0);
const _: () = assert!(offset_of!(TypedConstructor, reserved) == 4);
const _: () = assert!(offset_of!(TypedConstructor, effect_id) == 8);
const _: () = assert!(offset_of!(TypedConstructor, signature) == 16);
const _: () = assert!(offset_of!(TypedConstructor, function) == 24);
const _: () = assert!(size_of::<TypedConstructors>() == 16);
const _: () = assert!(offset_of!(TypedConstructors, struct_size) == 0);
const _: () = assert!(offset_of!(TypedConstructors, count) == 4);
const _: () = assert!(offset_of!(TypedConstructors, items) == 8);
const _: () = assert!(size_of::<TimingCurve>() == 48);
const _: () = assert!(offset_of!(TimingCurve, struct_size) == 0);
const _: () = assert!(offset_of!(TimingCurve, param_count) == 4);
const _: () = assert!(offset_of!(TimingCurve, id) == 8);
const _: () = assert!(offset_of!(TimingCurve, name) == 16);
const _: () = assert!(offset_of!(TimingCurve, signature) == 24);
const _: () = assert!(offset_of!(TimingCurve, function) == 32);
const _: () = assert!(offset_of!(TimingCurve, params) == 40);
const _: () = assert!(size_of::<TimingCurves>() == 16);
const _: () = assert!(offset_of!(TimingCurves, struct_size) == 0);
const _: () = assert!(offset_of!(TimingCurves, count) == 4);
const _: () = assert!(offset_of!(TimingCurves, items) == 8);
const _: () = assert!(size_of::<HostCurves>() == 24);
const _: () = assert!(offset_of!(HostCurves, struct_size) == 0);
const _: () = assert!(offset_of!(HostCurves, curve_function) == 8);
const _: () = assert!(offset_of!(HostCurves, animate_with_curve) == 16);
const _: () = assert!(size_of::<HostKeyframes>() == 32);
const _: () = assert!(offset_of!(HostKeyframes, struct_size) == 0);
const _: () = assert!(offset_of!(HostKeyframes, animate_keyframes) == 8);
const _: () = assert!(offset_of!(HostKeyframes, add_keyframe) == 16);
const _: () = assert!(offset_of!(HostKeyframes, add_keyframe_path) == 24);
const _: () = assert!(size_of::<HostSharedElements>() == 40);
const _: () = assert!(offset_of!(HostSharedElements, struct_size) == 0);
const _: () = assert!(offset_of!(HostSharedElements, shared_views) == 8);
const _: () = assert!(offset_of!(HostSharedElements, matching_view) == 16);
const _: () = assert!(offset_of!(HostSharedElements, modified_views) == 24);
const _: () = assert!(offset_of!(HostSharedElements, modifiers) == 32);
const _: () = assert!(size_of::<HostPropertyAnimators>() == 112);
const _: () = assert!(offset_of!(HostPropertyAnimators, struct_size) == 0);
const _: () = assert!(offset_of!(HostPropertyAnimators, create) == 8);
const _: () = assert!(offset_of!(HostPropertyAnimators, add_animations) == 16);
const _: () = assert!(offset_of!(HostPropertyAnimators, add_completion) == 24);
const _: () = assert!(offset_of!(HostPropertyAnimators, start) == 32);
const _: () = assert!(offset_of!(HostPropertyAnimators, pause) == 40);
const _: () = assert!(offset_of!(HostPropertyAnimators, stop) == 48);
const _: () = assert!(offset_of!(HostPropertyAnimators, finish) == 56);
const _: () = assert!(offset_of!(HostPropertyAnimators, set_fraction_complete) == 64);
const _: () = assert!(offset_of!(HostPropertyAnimators, get_fraction_complete) == 72);
const _: () = assert!(offset_of!(HostPropertyAnimators, set_reversed) == 80);
const _: () = assert!(offset_of!(HostPropertyAnimators, continue_animation) == 88);
const _: () = assert!(offset_of!(HostPropertyAnimators, state) == 96);
const _: () = assert!(offset_of!(HostPropertyAnimators, is_running) == 104);
const _: () = assert!(size_of::<HostViewTransitions>() == 16);
const _: () = assert!(offset_of!(HostViewTransitions, struct_size) == 0);
const _: () = assert!(offset_of!(HostViewTransitions, transition) == 8);
