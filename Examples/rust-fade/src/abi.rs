//! transition_host.h, plugin ABI 1.2, declared by hand: the parts this plugin uses, with the
//! header's layout (#[repr(C)], fields in the header's order). The header documents every
//! function: who calls it, when, and who owns what. The sizes are checked at compile time
//! against the header's, so a field added or dropped by mistake does not build.
#![allow(dead_code)]

use std::ffi::{c_char, c_void};

pub const TH_ABI_MAJOR: u16 = 1;
pub const TH_ABI_MINOR: u16 = 2;

pub type Status = i32;
pub const TH_OK: Status = 0;
pub const TH_ERR_BAD_HANDLE: Status = -1;
pub const TH_ERR_BAD_ARGUMENT: Status = -2;
pub const TH_ERR_BAD_STATE: Status = -3;
pub const TH_ERR_WRONG_THREAD: Status = -4;
pub const TH_ERR_UNSUPPORTED: Status = -5;

// Handles: opaque ids owned by the host. {0} means "none".
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    pub id: u64,
}
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ViewController {
    pub id: u64,
}
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Context {
    pub id: u64,
}

/// ABI 1.1: a property animator (UIViewPropertyAnimator) the host made; {0} is none.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PropertyAnimator {
    pub id: u64,
}

// Geometry, in points: origin top-left, y grows downwards.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    pub width: f64,
    pub height: f64,
}
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub origin: Point,
    pub size: Size,
}
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
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Color {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
    pub alpha: f64,
}
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
/// CATransform3D: a 4x4 matrix for row vectors, m11..m44 row after row (ABI 1.1).
pub struct Transform3D {
    pub m: [f64; 16],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
/// UIEdgeInsets: distances in from each edge, in points (ABI 1.1).
pub struct EdgeInsets {
    pub top: f64,
    pub left: f64,
    pub bottom: f64,
    pub right: f64,
}

pub const TH_KIND_ANIMATOR: u32 = 1;
pub const TH_KIND_PRESENTATION_CONTROLLER: u32 = 2;
pub const TH_KIND_TRANSITIONING_DELEGATE: u32 = 4;

pub const TH_TRANSITION_PRESENT: u32 = 1 << 0;
pub const TH_TRANSITION_DISMISS: u32 = 1 << 1;
pub const TH_TRANSITION_PUSH: u32 = 1 << 2;
pub const TH_TRANSITION_POP: u32 = 1 << 3;
pub const TH_TRANSITION_TAB_SWITCH: u32 = 1 << 4;
pub const TH_TRANSITION_ALL: u32 = 0x1f;

pub const TH_FROM: u32 = 0;
pub const TH_TO: u32 = 1;

pub const TH_CURVE_EASE_IN_OUT: u32 = 0;
pub const TH_CURVE_EASE_IN: u32 = 1;
pub const TH_CURVE_EASE_OUT: u32 = 2;
pub const TH_CURVE_LINEAR: u32 = 3;
pub const TH_CURVE_DEFAULT: u32 = 4;
pub const TH_TIMING_CURVE: u32 = 0;
pub const TH_TIMING_SPRING: u32 = 1;

pub const TH_PARAM_DOUBLE: u32 = 0;
pub const TH_PARAM_INT: u32 = 1;
pub const TH_PARAM_BOOL: u32 = 2;
pub const TH_PARAM_ENUM: u32 = 3;

pub const TH_LOG_DEBUG: u32 = 0;
pub const TH_LOG_INFO: u32 = 1;
pub const TH_LOG_WARNING: u32 = 2;
pub const TH_LOG_ERROR: u32 = 3;

pub type AnimationsFn = unsafe extern "C" fn(user_data: *mut c_void);
pub type CompletionFn = unsafe extern "C" fn(user_data: *mut c_void, finished: bool);
pub type AlongsideFn = unsafe extern "C" fn(user_data: *mut c_void, ctx: Context);

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct AnimationOptions {
    pub struct_size: u32,
    pub timing: u32,
    pub duration: f64,
    pub delay: f64,
    pub curve: u32,
    pub reserved: u32,
    pub spring_damping_ratio: f64,
    pub spring_initial_velocity: f64,
}

/// The host table (th_host_api): valid from init until deinit returns. Call its functions
/// only on the thread the host calls the plugin on.
#[repr(C)]
pub struct HostApi {
    pub struct_size: u32,
    pub abi_major: u16,
    pub abi_minor: u16,
    // Transition context.
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
    // Coordinator.
    pub animate_alongside: Option<unsafe extern "C" fn(Context, Option<AlongsideFn>, Option<AlongsideFn>, *mut c_void) -> Status>,
    pub transition_duration: Option<unsafe extern "C" fn(Context, *mut f64) -> Status>,
    // Views.
    pub view_of_controller: Option<unsafe extern "C" fn(ViewController, *mut View) -> Status>,
    pub create_view: Option<unsafe extern "C" fn(*const c_char, Rect, *mut View) -> Status>,
    pub snapshot_view: Option<unsafe extern "C" fn(View, *mut View) -> Status>,
    pub add_subview: Option<unsafe extern "C" fn(View, View) -> Status>,
    pub insert_subview_below: Option<unsafe extern "C" fn(View, View, View) -> Status>,
    pub remove_from_superview: Option<unsafe extern "C" fn(View) -> Status>,
    pub superview: Option<unsafe extern "C" fn(View, *mut View) -> Status>,
    pub convert_rect: Option<unsafe extern "C" fn(Rect, View, View, *mut Rect) -> Status>,
    // Properties.
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
    // Animation.
    pub animate: Option<unsafe extern "C" fn(*const AnimationOptions, Option<AnimationsFn>, Option<CompletionFn>, *mut c_void) -> Status>,
    // Logging and extensions.
    pub log: Option<unsafe extern "C" fn(u32, *const c_char)>,
    pub get_extension: Option<unsafe extern "C" fn(*const c_char) -> *const c_void>,
    // ABI 1.1: the interactive part of the context. A 1.0 host's table ends before these:
    // read them only when struct_size reaches them (the header's TH_HAS_FIELD).
    pub update_interactive_transition: Option<unsafe extern "C" fn(Context, f64) -> Status>,
    pub finish_interactive_transition: Option<unsafe extern "C" fn(Context) -> Status>,
    pub cancel_interactive_transition: Option<unsafe extern "C" fn(Context) -> Status>,
    pub pause_interactive_transition: Option<unsafe extern "C" fn(Context) -> Status>,
    pub notify_when_interaction_changes: Option<unsafe extern "C" fn(Context, Option<AlongsideFn>, *mut c_void) -> Status>,
    // ABI 1.1: layer properties.
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
    pub get_transform3d: Option<unsafe extern "C" fn(View, *mut Transform3D) -> Status>,
    pub set_transform3d: Option<unsafe extern "C" fn(View, Transform3D) -> Status>,
    pub snapshot_view_after_updates: Option<unsafe extern "C" fn(View, bool, *mut View) -> Status>,
    pub resizable_snapshot_view: Option<unsafe extern "C" fn(View, Rect, bool, EdgeInsets, *mut View) -> Status>,
}

/// What the host passes to create: the transition this instance serves and the parameters.
#[repr(C)]
pub struct EffectConfig {
    pub struct_size: u32,
    pub transition: u32,
    pub param_count: u32,
    pub reserved: u32,
    /// One value per declared parameter, valid only during create.
    pub params: *const f64,
}

#[repr(C)]
pub struct AnimatorInterface {
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(*const EffectConfig) -> *mut c_void>,
    pub destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    pub transition_duration: Option<unsafe extern "C" fn(*mut c_void, Context) -> f64>,
    pub animate_transition: Option<unsafe extern "C" fn(*mut c_void, Context)>,
    pub animation_ended: Option<unsafe extern "C" fn(*mut c_void, bool)>,
    // ABI 1.1: the property animator a gesture can grab mid-flight; None for none.
    pub interruptible_animator: Option<unsafe extern "C" fn(*mut c_void, Context) -> PropertyAnimator>,
}

#[repr(C)]
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

#[repr(C)]
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
    // ABI 1.2: TH_EFFECT_* flags, and the effect to play under Reduce Motion (null: none).
    pub flags: u32,
    pub reduced_motion: *const c_char,
}

/// The entry point, exported as the data symbol `th_entry`.
#[repr(C)]
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

// Descriptors are static, read-only data pointing at static strings: safe to share.
unsafe impl Sync for ParamDescriptor {}
unsafe impl Sync for EffectDescriptor {}
unsafe impl Sync for PluginEntry {}

// sizeof() of each struct in transition_host.h (x86-64 and AArch64 Linux).
const _: () = assert!(std::mem::size_of::<HostApi>() == 528);
const _: () = assert!(std::mem::size_of::<PluginEntry>() == 80);
const _: () = assert!(std::mem::size_of::<EffectDescriptor>() == 80);
const _: () = assert!(std::mem::size_of::<ParamDescriptor>() == 72);
const _: () = assert!(std::mem::size_of::<AnimatorInterface>() == 56);
const _: () = assert!(std::mem::size_of::<EffectConfig>() == 24);
const _: () = assert!(std::mem::size_of::<AnimationOptions>() == 48);
