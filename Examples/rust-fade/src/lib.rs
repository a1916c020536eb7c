//! Rust fade: a transition-host plugin with one animator, "rust-fade".
//!
//! The incoming screen (presented, pushed, or switched to) fades in over the one it covers;
//! the outgoing screen (dismissed or popped) fades out, uncovering the one below. The
//! parameter "duration" sets how long that takes.
//!
//! The C ABI is in abi.rs, generated from transition_host.h, which documents every function.
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

/// CHANGE: the parameters users can set with `host run rust-fade --param duration=0.8`. The host
/// shows them in `host inspect rust-fade` and checks every value against its range.
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
    id: c"rust-fade".as_ptr(),
    name: c"Rust fade".as_ptr(),
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
    id: c"rust-fade".as_ptr(),
    name: c"Rust fade".as_ptr(),
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
