/// `host new NAME --lang rust`: a Cargo project with no dependencies whose cdylib is the
/// plugin. The C structs it needs are declared by hand with #[repr(C)] in src/abi.rs, checked
/// against the header's sizes when it compiles.
enum RustTemplate {
    static func files(_ name: ProjectName) -> [ProjectFile] {
        [
            ProjectFile("Cargo.toml", fill(manifest, name)),
            ProjectFile("src/abi.rs", fill(abi, name)),
            ProjectFile("src/lib.rs", fill(source, name)),
            ProjectFile("install.sh", fill(install, name), executable: true),
            ProjectFile("README.md", fill(readme, name)),
            ProjectFile(".gitignore", "/target\n*.so\n"),
        ]
    }

    static let manifest = #"""
# {{title}}: a transition-host plugin in Rust. `cargo build` makes target/debug/lib{{c_name}}.so;
# ./install.sh builds it in release mode and copies it into the host's user plugin folder.
[package]
name = "{{name}}"
version = "0.1.0"
edition = "2021"

[lib]
# A C-compatible shared library: what the host loads with dlopen.
crate-type = ["cdylib"]

# No dependencies: the ABI is declared by hand in src/abi.rs.
[dependencies]

[profile.release]
# A panic must never unwind into the host.
panic = "abort"

[profile.dev]
panic = "abort"

"""#

    static let abi = #"""
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

"""#

    static let source = #"""
//! {{title}}: a transition-host plugin with one animator, "{{name}}".
//!
//! The incoming screen (presented, pushed, or switched to) fades in over the one it covers;
//! the outgoing screen (dismissed or popped) fades out, uncovering the one below. The
//! parameter "duration" sets how long that takes.
//!
//! The C ABI is declared by hand in abi.rs; transition_host.h documents every function.
//! Look for "CHANGE" to make it your own.

mod abi;

use abi::*;
use std::ffi::c_void;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The host's functions, kept from init. The host calls a plugin on one thread only.
static HOST: AtomicPtr<HostApi> = AtomicPtr::new(ptr::null_mut());

/// Whether the host's table holds a function: always for ABI 1.0's, only from a 1.1 host for
/// those 1.1 added (the header's TH_HAS_FIELD). A host built from an older header has a
/// shorter table, and nothing past its struct_size may be read.
macro_rules! host_has {
    ($function:ident) => {
        unsafe {
            let api = &*HOST.load(Ordering::Relaxed);
            api.struct_size as usize >= std::mem::offset_of!(HostApi, $function) + std::mem::size_of::<usize>()
                && api.$function.is_some()
        }
    };
}

/// Calls a host function: `host!(set_alpha, view, 1.0)`. One the host's table lacks (see
/// host_has!) stops the plugin with that message rather than read past the table's end.
macro_rules! host {
    ($function:ident $(, $argument:expr)*) => {
        if !host_has!($function) {
            panic!(concat!("the host table has no ", stringify!($function)))
        } else {
            unsafe {
                let api = &*HOST.load(Ordering::Relaxed);
                (api.$function.unwrap_unchecked())($($argument),*)
            }
        }
    };
}

/// One transition's state. The host creates one instance per transition (create), hands it
/// back to every call (self), and destroys it when the transition is over (destroy).
struct Fade {
    incoming: bool, // present, push, tab switch: the "to" view arrives
    duration: f64,  // seconds, from the "duration" parameter
    ctx: Context,
    from_view: View, // may be {0}: a dismissal may have no "to" view, for example
    to_view: View,
}

unsafe extern "C" fn create(config: *const EffectConfig) -> *mut c_void {
    let Some(config) = (unsafe { config.as_ref() }) else { return ptr::null_mut() };
    let incoming = matches!(config.transition, TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH | TH_TRANSITION_TAB_SWITCH);
    // One value per declared parameter, in declaration order, already checked by the host.
    let duration = if config.param_count > 0 && !config.params.is_null() { unsafe { *config.params } } else { 0.4 };
    let fade = Fade { incoming, duration, ctx: Context::default(), from_view: View::default(), to_view: View::default() };
    Box::into_raw(Box::new(fade)) as *mut c_void
}

unsafe extern "C" fn destroy(this: *mut c_void) {
    drop(unsafe { Box::from_raw(this as *mut Fade) });
}

unsafe extern "C" fn transition_duration(this: *mut c_void, _ctx: Context) -> f64 {
    unsafe { (*(this as *mut Fade)).duration }
}

/// CHANGE: what moves. Property changes made here animate, from what is on screen now to the
/// value set: set_frame, set_center, set_transform, set_alpha, set_corner_radius, ...
unsafe extern "C" fn animations(user_data: *mut c_void) {
    let fade = unsafe { &*(user_data as *mut Fade) };
    if fade.incoming {
        host!(set_alpha, fade.to_view, 1.0);
    } else {
        host!(set_alpha, fade.from_view, 0.0);
    }
}

/// Runs when the animations have ended. Whether the transition counts is the context's
/// answer (a gesture may have cancelled it), not whether the animation ran to its end.
unsafe extern "C" fn completion(user_data: *mut c_void, _finished: bool) {
    let fade = unsafe { &*(user_data as *mut Fade) };
    let mut cancelled = false;
    host!(transition_was_cancelled, fade.ctx, &mut cancelled);
    if fade.incoming && cancelled {
        host!(remove_from_superview, fade.to_view); // it never arrived
    } else if !fade.incoming && !cancelled {
        host!(remove_from_superview, fade.from_view); // it left
        host!(set_alpha, fade.from_view, 1.0); // so that it looks right when it comes back
    } else if !fade.incoming && fade.to_view.id != 0 {
        host!(remove_from_superview, fade.to_view); // cancelled: put things back as they were
    }
    // Exactly once, last: the host ends the transition after this call returns.
    host!(complete_transition, fade.ctx, !cancelled);
}

unsafe extern "C" fn animate_transition(this: *mut c_void, ctx: Context) {
    let fade = unsafe { &mut *(this as *mut Fade) };
    fade.ctx = ctx;
    let mut container = View::default();
    let mut to_vc = ViewController::default();
    let mut end = Rect::default();
    host!(container_view, ctx, &mut container);
    host!(view, ctx, TH_FROM, &mut fade.from_view);
    host!(view, ctx, TH_TO, &mut fade.to_view);
    host!(view_controller, ctx, TH_TO, &mut to_vc);
    host!(final_frame, ctx, to_vc, &mut end);

    // CHANGE: where things start. The "to" view joins the container at its final frame: on
    // top when it arrives, underneath the leaving view otherwise.
    if fade.to_view.id != 0 {
        if fade.incoming || fade.from_view.id == 0 {
            host!(add_subview, container, fade.to_view);
        } else {
            host!(insert_subview_below, container, fade.to_view, fade.from_view);
        }
        if end.size.width > 0.0 && end.size.height > 0.0 {
            host!(set_frame, fade.to_view, end);
        }
        if fade.incoming {
            host!(set_alpha, fade.to_view, 0.0);
        }
    }

    // CHANGE: how it moves: TH_TIMING_CURVE with a TH_CURVE_*, or TH_TIMING_SPRING with
    // spring_damping_ratio and spring_initial_velocity.
    let options = AnimationOptions {
        struct_size: std::mem::size_of::<AnimationOptions>() as u32,
        timing: TH_TIMING_CURVE,
        curve: TH_CURVE_EASE_IN_OUT,
        duration: fade.duration,
        ..Default::default()
    };
    let status = host!(animate, &options, Some(animations), Some(completion), this);
    if status != TH_OK {
        // Neither callback will run: end the transition here, cancelled, so the host
        // restores the scene.
        if fade.incoming && fade.to_view.id != 0 {
            host!(remove_from_superview, fade.to_view);
        }
        host!(complete_transition, ctx, false);
    }
}

static ANIMATOR: AnimatorInterface = AnimatorInterface {
    struct_size: std::mem::size_of::<AnimatorInterface>() as u32,
    create: Some(create),
    destroy: Some(destroy),
    transition_duration: Some(transition_duration),
    animate_transition: Some(animate_transition),
    animation_ended: None, // optional
    interruptible_animator: None, // optional (ABI 1.1): see transition_host.h
};

/// CHANGE: the parameters users can set with `host run {{name}} --param duration=0.8`. The host
/// shows them in `host inspect {{name}}` and checks every value against its range.
static PARAMETERS: [ParamDescriptor; 1] = [ParamDescriptor {
    struct_size: std::mem::size_of::<ParamDescriptor>() as u32,
    type_: TH_PARAM_DOUBLE,
    id: c"duration".as_ptr(),
    name: c"Duration of the fade".as_ptr(),
    unit: c"s".as_ptr(),
    min_value: 0.05,
    max_value: 5.0,
    default_value: 0.4,
    choice_count: 0,
    choices: ptr::null(),
}];

/// CHANGE: the effect's id, name, description and the transitions it serves.
static EFFECT: EffectDescriptor = EffectDescriptor {
    struct_size: std::mem::size_of::<EffectDescriptor>() as u32,
    kind: TH_KIND_ANIMATOR,
    id: c"{{name}}".as_ptr(),
    name: c"{{title}}".as_ptr(),
    description: c"The incoming screen fades in; the outgoing one fades out.".as_ptr(),
    transitions: TH_TRANSITION_ALL,
    param_count: 1,
    params: PARAMETERS.as_ptr(),
    default_duration: 0.4,
    interface: &ANIMATOR as *const AnimatorInterface as *const c_void,
    flags: 0,
    reduced_motion: ptr::null(),
};

unsafe extern "C" fn init(api: *const HostApi) -> bool {
    // Refuse a host of another major version: its table is laid out differently.
    match unsafe { api.as_ref() } {
        Some(host) if host.abi_major == TH_ABI_MAJOR => {
            HOST.store(api as *mut HostApi, Ordering::Relaxed);
            true
        }
        _ => false,
    }
}

unsafe extern "C" fn effect_count() -> u32 {
    1
}

unsafe extern "C" fn get_effect(index: u32) -> *const EffectDescriptor {
    if index == 0 { &EFFECT } else { ptr::null() }
}

/// The one symbol the host looks for. It reads the version from the file before running any
/// of this plugin's code.
#[allow(non_upper_case_globals)]
#[no_mangle]
pub static th_entry: PluginEntry = PluginEntry {
    struct_size: std::mem::size_of::<PluginEntry>() as u32,
    abi_major: TH_ABI_MAJOR,
    abi_minor: TH_ABI_MINOR,
    id: c"{{name}}".as_ptr(),
    name: c"{{title}}".as_ptr(),
    version: c"0.1.0".as_ptr(),
    vendor: ptr::null(),
    init: Some(init),
    deinit: None,
    effect_count: Some(effect_count),
    get_effect: Some(get_effect),
    get_extension: None, // no extensions: curves and typed constructors come this way
};

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" fn set_alpha(_: View, _: f64) -> Status {
        0
    }
    unsafe extern "C" fn finish(_: Context) -> Status {
        0
    }

    /// A table as a host built from the 1.0 header hands it: 1.1's functions lie past its
    /// struct_size, so host_has! says they are missing, whatever the bytes there hold.
    #[test]
    fn a_shorter_table_lacks_what_it_does_not_reach() {
        let table: *mut HostApi = Box::into_raw(Box::new(unsafe { std::mem::zeroed::<HostApi>() }));
        unsafe {
            (*table).struct_size = std::mem::offset_of!(HostApi, update_interactive_transition) as u32;
            (*table).abi_major = TH_ABI_MAJOR;
            (*table).set_alpha = Some(set_alpha);
            (*table).finish_interactive_transition = Some(finish);
        }
        HOST.store(table, Ordering::Relaxed);
        assert!(host_has!(set_alpha));
        assert!(!host_has!(finish_interactive_transition));
        unsafe { (*table).struct_size = std::mem::size_of::<HostApi>() as u32 };
        assert!(host_has!(finish_interactive_transition));
        HOST.store(ptr::null_mut(), Ordering::Relaxed);
        drop(unsafe { Box::from_raw(table) });
    }
}

"""#

    static let install = #"""
#!/bin/sh
# Builds {{name}} in release mode and copies it into the host's user plugin folder
# ($XDG_DATA_HOME/transition-host/plugins, ~/.local/share/... by default), where `host list`
# finds it. Arguments go to `cargo build`; CARGO_TARGET_DIR is honoured.
set -eu
cd "$(dirname "$0")"
cargo build --release "$@"
lib="${CARGO_TARGET_DIR:-target}/release/lib{{c_name}}.so"
dest="${XDG_DATA_HOME:-$HOME/.local/share}/transition-host/plugins"
mkdir -p "$dest"
cp "$lib" "$dest/{{name}}.so.tmp"
mv -f "$dest/{{name}}.so.tmp" "$dest/{{name}}.so"
echo "installed $dest/{{name}}.so: try 'host run {{name}}'"

"""#

    static let readme = #"""
# {{title}}

A plugin for the transition host, in Rust with no crates: one animator, `{{name}}`, that
fades the incoming screen in and the outgoing one out.

    cargo build                     # builds target/debug/lib{{c_name}}.so
    ./install.sh                    # release build, copied into ~/.local/share/transition-host/plugins
    host run {{name}}                     # presents and dismisses the demo screen with it
    host validate target/debug/lib{{c_name}}.so   # the conformance tests: every one should pass

Change the effect in `src/lib.rs`: look for `CHANGE`. `src/abi.rs` declares the C ABI by
hand, from transition_host.h, which documents every function you can call.

"""#
}
