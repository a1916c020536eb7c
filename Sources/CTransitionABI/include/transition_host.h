/*
 * transition_host.h — the plugin ABI of the transition host, version 1.
 *
 * This header is the whole contract between the host and a plugin. A plugin is a shared
 * library that includes this header, exports ONE entry symbol (see "Entry point" below) and
 * nothing else the host cares about. It never links against the host.
 *
 * The model is UIKit's custom view-controller transitions:
 *
 *   UIKit                                   here
 *   UIViewControllerTransitioningDelegate   th_delegate_interface (or the host's registry)
 *   UIViewControllerAnimatedTransitioning   th_animator_interface
 *   UIPresentationController                th_presentation_interface
 *   UIViewControllerContextTransitioning    th_context + the context functions of th_host_api
 *   UIViewControllerTransitionCoordinator   the same th_context (animate_alongside)
 *   UIView animation                        th_host_api.animate
 *
 * Call order of a presentation (a dismissal is symmetric; this order is tested):
 *   1. the delegate is asked for the animator          (th_animator_interface.create)
 *   2. the delegate is asked for an interaction controller (ABI 1.1: an interaction
 *      controller effect, th_interaction_interface; otherwise none or the host's own)
 *   3. with a custom presentation style, the presentation controller is created and told
 *      presentation_will_begin(ctx); it may register animate_alongside blocks here. Then it
 *      is asked for presented_view (ABI 1.1) and told container_will_layout, then
 *      container_did_layout (ABI 1.2)
 *   4. transition_duration(ctx)
 *   5. animate_transition(ctx); for an interactive transition, the interaction controller's
 *      start_interactive_transition(ctx) follows, then its gesture events (ABI 1.1)
 *   6. ... the plugin's animations run on the host's clock; the plugin calls
 *      complete_transition(ctx, ok), usually from an animation completion callback. The host
 *      asks interruptible_animator(ctx) (ABI 1.1) only after animate_transition: when an
 *      interaction drives the transition, when a gesture grabs it, and when alongside
 *      animations are waiting (a presentation controller's), which it adds to that animator
 *   7. presentation_did_end(ok), alongside completions, the presenter's completion handler
 *   8. animation_ended(ok), then destroy
 * Nothing ends until complete_transition is called. A plugin that never calls it is cut off
 * once the transition has run for its duration plus a grace period (virtual time): the host
 * cancels the transition, restores the scene, names the plugin and carries on.
 *
 * THREADS. The host is single-threaded towards plugins: every function a plugin exports is
 * called on the host's main thread, and every th_host_api function must be called on that same
 * thread, from inside a call the host made into the plugin (init, create, animate_transition,
 * an animation or completion callback, ...). A call from any other thread, or from outside
 * such a call, returns TH_ERR_WRONG_THREAD and does nothing (log drops the line,
 * get_extension returns NULL).
 *
 * ISOLATION. A plugin may run in a child process of its own (`host run --isolate`, or a folder
 * given with --untrusted-plugin-path): the host starts `host _isolate`, which loads the plugin
 * and hands its init a host table whose every function sends its arguments over a socket to
 * the host and waits for the answer. Nothing changes for the plugin: the same calls in the
 * same order, the same checks, the same statuses; callbacks and their user_data stay in the
 * plugin's process. What differs: each host call costs a round trip (microseconds, not
 * nanoseconds); th_host_curves.curve_function knows only the standard curves there; and the
 * plugin must leave descriptor 3 (the socket) alone. If the plugin crashes, hangs past the
 * host's deadline or writes into the socket, its process is killed and the transition it was
 * running is finished by the host's standard cross-dissolve; the next transition starts a
 * fresh process.
 *
 * HANDLES. Views, view controllers and transition contexts are opaque 64-bit handles owned by
 * the host. The host checks every handle it is given: a stale handle (a context whose
 * transition has ended), a handle of the wrong type, or a made-up value returns
 * TH_ERR_BAD_HANDLE and never crashes the host. A zero handle ({0}) means "none", like nil.
 *
 * MEMORY. Unless a comment says otherwise: strings and arrays the host passes to a plugin are
 * valid only for the duration of that call; strings and structs a plugin hands to the host
 * (descriptors, names) must stay valid and unchanged until deinit returns — in practice,
 * static const data.
 *
 * VERSIONING. Every struct starts with its own size. Within ABI major 1, structs only grow at
 * the end; a reader checks struct_size before touching a field added in a later minor version
 * (TH_HAS_FIELD below). New capabilities arrive as extensions looked up by string id
 * ("vendor.name/revision") through get_extension, or as fields appended to a struct, never by
 * changing or moving a field that exists.
 * A plugin built against 1.0 runs in every 1.x host. The host refuses a plugin whose ABI major
 * differs from its own, before running any of its code when the entry point is a data symbol.
 *
 * This header is C99 and depends only on the C standard library.
 */
#ifndef TRANSITION_HOST_H
#define TRANSITION_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TH_ABI_MAJOR 1
#define TH_ABI_MINOR 2

/* The two names the host looks up with dlsym, in this order. */
#define TH_ENTRY_SYMBOL "th_entry"
#define TH_ENTRY_FUNCTION_SYMBOL "th_get_entry"

/* Where `field` of struct `type` ends, in bytes from the start of the struct. */
#define TH_FIELD_END(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

/* True when the struct behind `ptr` (of type `type`) is large enough to contain `field`: read
 * a field added after ABI 1.0 only when this holds (see "ABI 1.0's sizes" at the end). */
#define TH_HAS_FIELD(ptr, type, field) ((ptr)->struct_size >= TH_FIELD_END(type, field))

#if defined(_WIN32)
#define TH_EXPORT __declspec(dllexport)
#else
#define TH_EXPORT __attribute__((visibility("default")))
#endif

/* ------------------------------------------------------------------------------------------
 * Status codes returned by th_host_api functions.
 * ---------------------------------------------------------------------------------------- */
typedef int32_t th_status;
enum {
    TH_OK = 0,
    TH_ERR_BAD_HANDLE = -1,   /* stale, foreign, zero or forged handle */
    TH_ERR_BAD_ARGUMENT = -2, /* NULL out-pointer, NaN or infinite value, negative size, ... */
    TH_ERR_BAD_STATE = -3,    /* e.g. a view cannot be its own subview; a transition that has ended */
    TH_ERR_WRONG_THREAD = -4, /* called from a thread other than the host's main thread */
    TH_ERR_UNSUPPORTED = -5   /* the host does not offer this in the current situation */
};

/* ------------------------------------------------------------------------------------------
 * Handles. Copy them freely; the host owns what they name.
 * ---------------------------------------------------------------------------------------- */
typedef struct th_view { uint64_t id; } th_view;                       /* a UIView */
typedef struct th_view_controller { uint64_t id; } th_view_controller; /* a UIViewController */
typedef struct th_context { uint64_t id; } th_context; /* transition context and coordinator */
/* ABI 1.1: a UIViewPropertyAnimator made through TH_EXT_HOST_PROPERTY_ANIMATORS. It lives as
 * long as the scene the host runs; {0} is none. */
typedef struct th_property_animator { uint64_t id; } th_property_animator;

/* ------------------------------------------------------------------------------------------
 * Geometry, in points, with UIKit's conventions: origin top-left, y grows downwards.
 * ---------------------------------------------------------------------------------------- */
typedef struct th_point { double x, y; } th_point;
typedef struct th_size { double width, height; } th_size;
typedef struct th_rect { th_point origin; th_size size; } th_rect;
/* [a b 0; c d 0; tx ty 1], as CGAffineTransform. Identity: {1, 0, 0, 1, 0, 0}. */
typedef struct th_affine { double a, b, c, d, tx, ty; } th_affine;
/* Components in [0, 1], not premultiplied. */
typedef struct th_color { double red, green, blue, alpha; } th_color;
/* A 3D transform, as CATransform3D (ABI 1.1): a 4x4 matrix for row vectors, so a point
 * (x, y, z, 1) times it gives (X, Y, Z, W), drawn at (X/W, Y/W). Translation in m41-m43;
 * perspective from m34, which effects set to -1/distance (500 points looks natural).
 * Identity: m11 = m22 = m33 = m44 = 1, the rest 0. */
typedef struct th_transform3d {
    double m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44;
} th_transform3d;

/* Distances in from each edge of a rectangle, in points (UIEdgeInsets). ABI 1.1. */
typedef struct th_edge_insets {
    double top, left, bottom, right;
} th_edge_insets;

/* ------------------------------------------------------------------------------------------
 * Enumerations.
 * ---------------------------------------------------------------------------------------- */

/* What a descriptor describes. */
enum {
    TH_KIND_ANIMATOR = 1,                /* th_animator_interface */
    TH_KIND_PRESENTATION_CONTROLLER = 2, /* th_presentation_interface */
    TH_KIND_INTERACTION_CONTROLLER = 3,  /* th_interaction_interface (ABI 1.1) */
    TH_KIND_TRANSITIONING_DELEGATE = 4   /* th_delegate_interface */
};

/* Transitions, as bits: a descriptor's `transitions` is a mask of these; a context's
 * transition kind is exactly one of them. */
enum {
    TH_TRANSITION_PRESENT = 1u << 0,
    TH_TRANSITION_DISMISS = 1u << 1,
    TH_TRANSITION_PUSH = 1u << 2,
    TH_TRANSITION_POP = 1u << 3,
    TH_TRANSITION_TAB_SWITCH = 1u << 4
};
#define TH_TRANSITION_ALL 0x1fu

/* An effect's flags (ABI 1.2), for th_effect_descriptor.flags. A host ignores bits it does
 * not know, so a later minor version may add more. */
enum {
    /* The effect means its sudden steps: a flash, a hard cut, a strobe. The host's motion
     * check still finds them, but names them in the run's notes instead of failing the run
     * with them, and `host validate` does not fail the effect's motion test. Declare it only
     * for an effect whose look is a cut; a jump into the end state is still a pop to a person. */
    TH_EFFECT_CUTS = 1u << 0,
    /* For an interaction controller: UIPercentDrivenInteractiveTransition.wantsInteractiveStart
     * = false. The transition starts animating on its own, not held at 0, and the gesture
     * grabs it when it begins (its first event's time), as `host run --grab-at` does: from
     * then on the controller's update, finish and cancel drive the animator's interruptible
     * animator, counted from where it was grabbed (th_animator_interface.
     * interruptible_animator; an animator without one runs on, and the host says so). Read
     * for interaction controllers only; the others ignore it. */
    TH_EFFECT_NON_INTERACTIVE_START = 1u << 1
};

/* Gesture recognisers (ABI 1.1), for th_gesture_event. States have UIGestureRecognizer.State's
 * raw values, edges UIRectEdge's. */
enum {
    TH_GESTURE_PAN = 1,             /* UIPanGestureRecognizer */
    TH_GESTURE_SCREEN_EDGE_PAN = 2, /* UIScreenEdgePanGestureRecognizer */
    TH_GESTURE_PINCH = 3,           /* UIPinchGestureRecognizer */
    /* ABI 1.2: a 1.1 host sends none of these. */
    TH_GESTURE_ROTATION = 4,   /* UIRotationGestureRecognizer: `rotation` and `rotation_velocity` */
    TH_GESTURE_LONG_PRESS = 5, /* UILongPressGestureRecognizer: began once the finger has been held,
                                  then `location` as it moves (no translation, no velocity) */
    TH_GESTURE_TAP = 6         /* UITapGestureRecognizer, a discrete recogniser: one event, state
                                  TH_GESTURE_ENDED (recognised), at `location` */
};
enum { TH_GESTURE_BEGAN = 1, TH_GESTURE_CHANGED = 2, TH_GESTURE_ENDED = 3, TH_GESTURE_CANCELLED = 4 };
enum { TH_EDGE_TOP = 1, TH_EDGE_LEFT = 2, TH_EDGE_BOTTOM = 4, TH_EDGE_RIGHT = 8 };

/* Corners, for th_host_api's masked corners (ABI 1.1): CACornerMask's bits, in a view's own
 * coordinates (y down, so "min y" is the top). */
enum {
    TH_CORNER_TOP_LEFT = 1,     /* kCALayerMinXMinYCorner */
    TH_CORNER_TOP_RIGHT = 2,    /* kCALayerMaxXMinYCorner */
    TH_CORNER_BOTTOM_LEFT = 4,  /* kCALayerMinXMaxYCorner */
    TH_CORNER_BOTTOM_RIGHT = 8, /* kCALayerMaxXMaxYCorner */
    TH_CORNER_ALL = 15
};

/* How a view's corners bend, for set_corner_curve (ABI 1.2): CALayerCornerCurve. */
enum {
    TH_CORNER_CURVE_CIRCULAR = 0,  /* a quarter circle of the corner radius (the default) */
    TH_CORNER_CURVE_CONTINUOUS = 1 /* Apple's continuous curve: it starts about 1.53 radii along
                                      each edge and meets it without a kink, as app icons do */
};

/* What set_gradient draws (ABI 1.2): CAGradientLayerType. */
enum {
    TH_GRADIENT_NONE = 0,   /* no gradient: removes the one the view has */
    TH_GRADIENT_AXIAL = 1,  /* kCAGradientLayerAxial: the colours run along the line from start
                               to end, and are constant across it */
    TH_GRADIENT_RADIAL = 2  /* kCAGradientLayerRadial: the colours run out from start to the
                               ellipse centred there that reaches end */
};

/* The shape set_mask cuts a view to (ABI 1.2): the path of a CAShapeLayer set as
 * CALayer.mask. */
enum {
    TH_MASK_NONE = 0,         /* no mask: the whole view is drawn */
    TH_MASK_ROUNDED_RECT = 1, /* a rectangle with rounded corners (a radius of 0: square ones) */
    TH_MASK_ELLIPSE = 2,      /* the ellipse that fills the rectangle: a circle in a square */
    TH_MASK_PATH = 3          /* a path of its own, set with set_mask_path (get_mask gives its
                                 bounding box); set_mask does not take it */
};

/* Autoresizing (ABI 1.2), for set_autoresizing_mask: UIView.AutoresizingMask's raw values. */
enum {
    TH_AUTORESIZE_FLEXIBLE_LEFT_MARGIN = 1u << 0,
    TH_AUTORESIZE_FLEXIBLE_WIDTH = 1u << 1,
    TH_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN = 1u << 2,
    TH_AUTORESIZE_FLEXIBLE_TOP_MARGIN = 1u << 3,
    TH_AUTORESIZE_FLEXIBLE_HEIGHT = 1u << 4,
    TH_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN = 1u << 5
};
#define TH_AUTORESIZE_ALL 0x3fu

/* The kinds of a path's elements (ABI 1.2): CGPathElementType's. */
enum {
    TH_PATH_MOVE_TO = 0,  /* starts a new subpath at points[0] */
    TH_PATH_LINE_TO = 1,  /* a line to points[0] */
    TH_PATH_CURVE_TO = 2, /* a cubic Bézier curve to points[2], points[0] and [1] its controls */
    TH_PATH_CLOSE = 3     /* a line back to the subpath's start; no points */
};

/* The most elements one set_mask_path takes. */
#define TH_MAX_PATH_ELEMENTS 256

/* One element of a path (ABI 1.2), as CGPath's elements: its kind and as many of its points
 * as the kind uses, the rest ignored. */
typedef struct th_path_element {
    uint32_t kind;      /* TH_PATH_* */
    uint32_t reserved;  /* zero */
    th_point points[3]; /* finite, in the coordinates of the call that takes the path */
} th_path_element;

/* What set_blur blurs (ABI 1.2). */
enum {
    TH_BLUR_NONE = 0,     /* no blur: removes the one the view has */
    TH_BLUR_BACKDROP = 1, /* UIVisualEffectView with a UIBlurEffect, CSS backdrop-filter: what
                             lies behind the view, within its rounded bounds, is shown blurred
                             beneath the view's own background, contents and subviews */
    TH_BLUR_LAYER = 2     /* a CALayer gaussianBlur filter, CSS filter: blur(): the view and
                             everything it draws, its subviews too, blurred as one picture */
};

/* The largest blur radius set_blur takes, in points. */
#define TH_MAX_BLUR_RADIUS 100

/* The most stops one set_gradient takes. */
#define TH_MAX_GRADIENT_STOPS 16

/* One colour of a gradient and where it lies on the gradient's axis (ABI 1.2): an entry of
 * CAGradientLayer.colors with its entry of .locations. */
typedef struct th_gradient_stop {
    th_color color;  /* components in [0, 1] */
    double location; /* in [0, 1]: 0 at the start point, 1 at the end point */
} th_gradient_stop;

/* Keys for th_host_api.view_controller and th_host_api.view, as UITransitionContext*Key. */
enum { TH_FROM = 0, TH_TO = 1 };

/* UIModalPresentationStyle, with UIKit's raw values for the styles the host implements. */
enum {
    TH_PRESENTATION_FULL_SCREEN = 0,
    TH_PRESENTATION_CUSTOM = 4,
    TH_PRESENTATION_OVER_FULL_SCREEN = 5
};

/* Animation curves; the first four have UIViewAnimationCurve's raw values. Control points are
 * Core Animation's: ease-in (0.42,0,1,1), ease-out (0,0,0.58,1), ease-in-out (0.42,0,0.58,1),
 * default (0.25,0.1,0.25,1). */
enum {
    TH_CURVE_EASE_IN_OUT = 0,
    TH_CURVE_EASE_IN = 1,
    TH_CURVE_EASE_OUT = 2,
    TH_CURVE_LINEAR = 3,
    TH_CURVE_DEFAULT = 4
};

/* How th_animation_options.timing is read. */
enum {
    TH_TIMING_CURVE = 0,          /* use `curve` */
    TH_TIMING_SPRING = 1,         /* use spring_damping_ratio and spring_initial_velocity */
    TH_TIMING_SPRING_PHYSICAL = 2, /* ABI 1.2: a spring of spring_mass, spring_stiffness and
                                     spring_damping, started at spring_initial_velocity
                                     (CASpringAnimation, UISpringTimingParameters(mass:...)):
                                     it lasts until it settles, and `duration` is not read */
    TH_TIMING_CUBIC = 3           /* ABI 1.2: a cubic Bézier from (0,0) to (1,1) through the
                                     control points cubic_x1, cubic_y1, cubic_x2, cubic_y2
                                     (UICubicTimingParameters, CAMediaTimingFunction's
                                     controlPoints, CSS cubic-bezier()) over `duration` */
};

/* Parameter types. Every parameter value crosses the ABI as a double (see th_effect_config). */
enum {
    TH_PARAM_DOUBLE = 0, /* any finite value in [min_value, max_value] */
    TH_PARAM_INT = 1,    /* a whole number in [min_value, max_value] */
    TH_PARAM_BOOL = 2,   /* 0 or 1 */
    TH_PARAM_ENUM = 3    /* an index into `choices`; min/max are ignored */
};

enum { TH_LOG_DEBUG = 0, TH_LOG_INFO = 1, TH_LOG_WARNING = 2, TH_LOG_ERROR = 3 };

/* ------------------------------------------------------------------------------------------
 * Callbacks a plugin passes to the host. `user_data` is the plugin's; the host never reads it,
 * only passes it back, and the plugin must keep it valid until the callback has run.
 * ---------------------------------------------------------------------------------------- */

/* Runs once, synchronously, inside th_host_api.animate. View properties set here animate from
 * their current value to the value set. */
typedef void (*th_animations_fn)(void *user_data);
/* Runs once when every animation started by that animate call has ended: `finished` is true
 * when they ran to the end, false when they were stopped (a later change of the same
 * property, or the host cutting the transition off). Completing the transition from a
 * callback with finished false is allowed; after a cut-off it is ignored. */
typedef void (*th_completion_fn)(void *user_data, bool finished);
/* Coordinator callbacks: run with the transition's context. */
typedef void (*th_alongside_fn)(void *user_data, th_context ctx);

/* Options of one UIView-style animation. Fill every field; zero-initialise, then set. */
typedef struct th_animation_options {
    uint32_t struct_size;           /* sizeof(th_animation_options) */
    uint32_t timing;                /* TH_TIMING_*: CURVE, SPRING, SPRING_PHYSICAL or CUBIC */
    double duration;                /* seconds, >= 0 and finite */
    double delay;                   /* seconds, >= 0 and finite */
    uint32_t curve;                 /* TH_CURVE_*, used with TH_TIMING_CURVE */
    uint32_t reserved;              /* zero */
    double spring_damping_ratio;    /* (0, 1], used with TH_TIMING_SPRING; 1 = no overshoot */
    double spring_initial_velocity; /* in distances per second relative to the total change */
    /* --- ABI 1.2, read only with TH_TIMING_SPRING_PHYSICAL, and only when struct_size reaches
     * them (a 1.1 plugin's 48-byte options are read as they were). The spring is damped
     * harmonic motion: its natural frequency sqrt(stiffness / mass), its damping ratio
     * damping / (2 sqrt(stiffness * mass)), under 1 overshooting, above it creeping in. It
     * lasts until it settles within a thousandth of the distance (CASpringAnimation's
     * settlingDuration), at most 60 s: a spring slower than that is refused. --- */
    double spring_mass;      /* > 0 and finite */
    double spring_stiffness; /* > 0 and finite */
    double spring_damping;   /* > 0 and finite */
    /* --- ABI 1.2, read with every timing when struct_size reaches them; zeros (and a 1.1
     * plugin's shorter options) play once, on one axis. Read by animate, animate_keyframes,
     * animate_with_curve and animate_alongside's animator; refused (TH_ERR_BAD_ARGUMENT) by
     * property animators and view transitions, which play once. --- */
    /* CAMediaTiming.repeatCount: how many times the animation plays, 0 meaning once, as 1
     * does; a fraction stops part way through the last play (2.5: twice, then half). Finite,
     * 0 to TH_MAX_REPEAT_COUNT. There is no endless repeat: a transition must end. */
    double repeat_count;
    /* 1: each play runs forwards, then back, taking twice as long (CAMediaTiming.autoreverses,
     * UIView.AnimationOptions.autoreverse); 0: forwards only. As in Core Animation, once the
     * last play has ended the view shows the value set (the model value), so an animation
     * that ends where it began snaps to that value then: set the property back to its start
     * in the completion, as UIKit apps do, and nothing is seen to jump. The completion runs
     * after every play: at delay + duration x plays x (autoreverses ? 2 : 1). */
    uint32_t autoreverses;
    /* 1: spring_initial_velocity and spring_initial_velocity_y are a 2D velocity
     * (UISpringTimingParameters(initialVelocity: CGVector)): a change of a view's centre
     * starts at the first along x and the second along y, each relative to that axis's
     * distance; every other property starts at spring_initial_velocity. Only with
     * TH_TIMING_SPRING or TH_TIMING_SPRING_PHYSICAL (whose two axes then last until the slower
     * one settles); 0: one velocity for all. */
    uint32_t spring_velocity_2d;
    double spring_initial_velocity_y; /* finite; read only with spring_velocity_2d */
    /* --- ABI 1.2, read only with TH_TIMING_CUBIC, which needs struct_size to reach them: the
     * curve's two control points, its ends fixed at (0,0) and (1,1). x is time, so each x is in
     * [0, 1] and the curve never runs backwards in time; y is progress, in [-10, 10]: below 0 or
     * above 1 the animation undershoots or overshoots, as CSS's cubic-bezier(0.3, -0.5, 0.7, 1.5)
     * does. (0.25, 0.1, 0.25, 1) is TH_CURVE_DEFAULT. --- */
    double cubic_x1;
    double cubic_y1;
    double cubic_x2;
    double cubic_y2;
} th_animation_options;

/* The most times an animation may play (th_animation_options.repeat_count, ABI 1.2). */
#define TH_MAX_REPEAT_COUNT 1000

/* ------------------------------------------------------------------------------------------
 * The host table. The host passes it to the plugin's init; it stays valid until deinit has
 * returned, so the plugin may keep the pointer. Every function: call on the host's main
 * thread only (see THREADS); returns a th_status unless stated. One call from the host into
 * the plugin (animate_transition, a callback, ...; what it calls back included) may make at
 * most 250,000 calls of the functions that return a th_status, this table's and its
 * extensions': past that they return TH_ERR_BAD_STATE, doing nothing, and the run is not
 * clean. A transition makes tens to a few thousand.
 * ---------------------------------------------------------------------------------------- */
typedef struct th_host_api {
    uint32_t struct_size; /* sizeof(th_host_api) of the host's header: check with TH_HAS_FIELD */
    uint16_t abi_major;   /* TH_ABI_MAJOR of the host */
    uint16_t abi_minor;   /* TH_ABI_MINOR of the host */

    /* --- Transition context (UIViewControllerContextTransitioning). Valid from the call that
     * hands the plugin a th_context until animation_ended; stale afterwards. --- */

    /* The view in which the transition takes place; the plugin adds the "to" view to it. */
    th_status (*container_view)(th_context ctx, th_view *out);
    /* The view controller for TH_FROM or TH_TO. */
    th_status (*view_controller)(th_context ctx, uint32_t key, th_view_controller *out);
    /* The view for TH_FROM or TH_TO. As in UIKit there may be none: in a dismissal from a
     * presentation that kept the presenter's view on screen, TH_TO has no view. Then the
     * call returns TH_OK and writes the zero handle {0}. */
    th_status (*view)(th_context ctx, uint32_t key, th_view *out);
    /* The frame of a view controller's view at the start and at the end of the transition, in
     * the container's coordinates; all zeros when unknown (the "to" view's start frame of a
     * presentation, the "from" view's end frame of a dismissal), as in UIKit. */
    th_status (*initial_frame)(th_context ctx, th_view_controller vc, th_rect *out);
    th_status (*final_frame)(th_context ctx, th_view_controller vc, th_rect *out);
    /* Answers written to *out: 1 or 0. */
    th_status (*is_animated)(th_context ctx, bool *out);
    th_status (*is_interactive)(th_context ctx, bool *out);
    th_status (*transition_was_cancelled)(th_context ctx, bool *out);
    th_status (*presentation_style)(th_context ctx, uint32_t *out); /* TH_PRESENTATION_* */
    th_status (*transition_kind)(th_context ctx, uint32_t *out);     /* one TH_TRANSITION_* bit */
    /* Ends the transition; call exactly once, usually from an animation completion callback.
     * `did_complete` false means the transition was cancelled: the host restores the scene
     * (every view's place and every property, alongside animations included).
     * The cascade that follows (presentation_did_end, completions, animation_ended, destroy)
     * runs after the call into the plugin that made this call has returned, never inside
     * it, so the plugin may keep using its state until it returns.
     * A second call returns TH_ERR_BAD_STATE and is reported as a warning; so does a call
     * while the host is cutting the transition off. Once the transition has ended the
     * context is stale and every call with it returns TH_ERR_BAD_HANDLE. */
    th_status (*complete_transition)(th_context ctx, bool did_complete);

    /* --- Coordinator (UIViewControllerTransitionCoordinator). --- */

    /* Registers `animation` to run inside the transition's own animation and `completion`
     * (may be NULL) to run after complete_transition. The animation starts as the animator's
     * do and takes the timing of the longest animation the animator started in
     * animate_transition: its duration, delay and curve, a spring included. When the animator
     * started none, the transition's duration on ease-in-out. Under an interaction it follows
     * the scrub like the animator's. Call it before animate_transition returns, typically
     * from presentation_will_begin. */
    th_status (*animate_alongside)(th_context ctx, th_alongside_fn animation,
                                   th_alongside_fn completion, void *user_data);
    /* The duration the animator reported, in seconds. */
    th_status (*transition_duration)(th_context ctx, double *out);

    /* --- Views (UIView). A view belongs to the scene; the plugin never frees one. --- */

    th_status (*view_of_controller)(th_view_controller vc, th_view *out); /* vc.view */
    /* A new, empty view with this name (copied; may be NULL) and frame, not yet in any
     * superview. Used for chrome such as a dimming view. A plugin may make at most 10,000
     * views in one run, with this and every snapshot function together: past that they return
     * TH_ERR_BAD_STATE, and the run is not clean. */
    th_status (*create_view)(const char *name, th_rect frame, th_view *out);
    /* A new view that looks like `view` does now (UIView.snapshotView), not in a superview:
     * at `view`'s frame, without subviews, showing a picture of `view` and its subviews taken
     * now. The picture fills the snapshot's bounds, so it scales with the snapshot's frame, as
     * UIKit's does; later changes to `view` do not reach it. The snapshot itself is a plain
     * view (clear, no corners, border or shadow: those are in the picture); on a 1.1 host a
     * corner radius with clips_to_bounds cuts the picture to it. */
    th_status (*snapshot_view)(th_view view, th_view *out);
    th_status (*add_subview)(th_view parent, th_view child);
    th_status (*insert_subview_below)(th_view parent, th_view child, th_view sibling);
    th_status (*remove_from_superview)(th_view view);
    /* The superview, or {0} when the view has none. */
    th_status (*superview)(th_view view, th_view *out);
    /* Converts `rect` from `from`'s coordinates to `to`'s; both views in the same window. */
    th_status (*convert_rect)(th_rect rect, th_view from, th_view to, th_rect *out);

    /* Properties. Setters called inside an th_animations_fn animate; elsewhere they apply at
     * once. Getters return the model value (the value last set), as UIKit does. */
    th_status (*get_frame)(th_view view, th_rect *out);
    th_status (*set_frame)(th_view view, th_rect frame);
    th_status (*get_bounds)(th_view view, th_rect *out);
    th_status (*set_bounds)(th_view view, th_rect bounds);
    th_status (*get_center)(th_view view, th_point *out);
    th_status (*set_center)(th_view view, th_point center);
    th_status (*get_alpha)(th_view view, double *out);
    th_status (*set_alpha)(th_view view, double alpha); /* clamped to [0, 1] */
    th_status (*get_hidden)(th_view view, bool *out);
    th_status (*set_hidden)(th_view view, bool hidden);
    th_status (*get_transform)(th_view view, th_affine *out);
    th_status (*set_transform)(th_view view, th_affine transform);
    th_status (*get_background_color)(th_view view, th_color *out);
    th_status (*set_background_color)(th_view view, th_color color);
    th_status (*get_corner_radius)(th_view view, double *out);
    th_status (*set_corner_radius)(th_view view, double radius);

    /* --- Animation (UIView.animate). --- */

    /* Calls `animations(user_data)` at once; property changes made inside it animate with
     * `options` on the host's clock. `completion` (may be NULL) runs later, exactly once, with
     * `user_data`. On error neither callback runs. */
    th_status (*animate)(const th_animation_options *options, th_animations_fn animations,
                         th_completion_fn completion, void *user_data);

    /* --- Logging. `message` is copied; NULL is ignored. Shown in the run's trace, with control
     * characters escaped (\x1b); lines logged from init join the trace of the first run. A
     * level other than TH_LOG_* is reported once as a contract violation, and shown as info. --- */
    void (*log)(uint32_t level, const char *message);

    /* --- Extensions offered by the host: a pointer to a struct whose layout the extension id
     * defines, or NULL. Callable from init onwards. --- */
    const void *(*get_extension)(const char *extension_id);

    /* --- ABI 1.1: the interactive part of the context (updateInteractiveTransition, finish-,
     * cancel-, pauseInteractiveTransition). Check TH_HAS_FIELD(host, th_host_api, ...) first:
     * a 1.0 host has none of these. Called by the transition's interaction controller, usually
     * from its gesture callback, for an interactive transition: one whose interaction
     * controller (a plugin's, th_interaction_interface) drives it. The host's percent-driven
     * engine does the rest, as UIPercentDrivenInteractiveTransition: the animator's animations
     * (springs and keyframes included) and the alongside ones show the frame of
     * percent x duration; finish and cancel play the tail at the controller's completion
     * speed and curve, to the end or back to the start, and a cancel ends with the scene as
     * it was. TH_ERR_BAD_STATE when the transition is not interactive, or no longer is (after
     * finish or cancel); TH_ERR_BAD_HANDLE for a stale context. --- */

    /* Shows the transition at `percent_complete` of its duration: a finite number; one
     * outside [0, 1] is clamped (and reported); NaN or infinite is TH_ERR_BAD_ARGUMENT. */
    th_status (*update_interactive_transition)(th_context ctx, double percent_complete);
    /* Plays the rest to the end; the animator then completes as usual. */
    th_status (*finish_interactive_transition)(th_context ctx);
    /* Plays back to the start; transition_was_cancelled answers 1 from here on. */
    th_status (*cancel_interactive_transition)(th_context ctx);
    /* Holds the transition where it is until the next update, finish or cancel. */
    th_status (*pause_interactive_transition)(th_context ctx);
    /* The coordinator's notifyWhenInteractionChanges: `handler` (not NULL) runs once, with the
     * context, when the interaction ends (finish or cancel), before the tail plays; ask
     * transition_was_cancelled which. TH_ERR_BAD_STATE for a transition that is not
     * interactive. */
    th_status (*notify_when_interaction_changes)(th_context ctx, th_alongside_fn handler, void *user_data);

    /* --- ABI 1.1: layer properties, CALayer's, which UIKit reaches through view.layer. Check
     * TH_HAS_FIELD(host, th_host_api, set_shadow_offset) first (set_transform3d for the 3D
     * transform): a 1.0 host has none of these.
     * Called by animators, presentation controllers and interaction controllers, whenever
     * they may touch a view. As the view properties above: setters called inside an
     * th_animations_fn (animate, a keyframe, a property animator's animations) animate, on
     * curves, springs and keyframes alike and under the percent-driven interaction; elsewhere
     * they apply at once; getters return the model value. A cancelled transition puts every
     * one back. A refused value returns TH_ERR_BAD_ARGUMENT, changes nothing and is reported
     * as misuse (a warning in the run's trace, naming the function and its rule; `host
     * validate` warns in the test that saw it). A snapshot's picture (snapshot_view) shows them. --- */

    /* Whether subviews are cut to the view's bounds, rounded as the view is (clipsToBounds,
     * masksToBounds). Not animatable: applies at once. Default 0. */
    th_status (*get_clips_to_bounds)(th_view view, bool *out);
    th_status (*set_clips_to_bounds)(th_view view, bool clips);
    /* Which corners the corner radius rounds: TH_CORNER_* bits (maskedCorners). Not
     * animatable: applies at once. Default TH_CORNER_ALL; a bit outside it is refused. */
    th_status (*get_masked_corners)(th_view view, uint32_t *out);
    th_status (*set_masked_corners)(th_view view, uint32_t corners);
    /* The border: drawn inside the bounds, along the rounded corners, over the view's content
     * and its subviews. The width in points, finite and >= 0 (default 0: none); the colour's
     * components in [0, 1] (default opaque black). */
    th_status (*get_border_width)(th_view view, double *out);
    th_status (*set_border_width)(th_view view, double width);
    th_status (*get_border_color)(th_view view, th_color *out);
    th_status (*set_border_color)(th_view view, th_color color);
    /* The shadow: the view's rounded bounds (as if shadowPath were set to them), moved by the
     * offset, blurred by the radius, in the colour at the opacity, beneath the view. Colour
     * components in [0, 1] (default opaque black); opacity finite, clamped to [0, 1] (default 0:
     * none); radius in points, finite and >= 0 (default 3); offset in points in the view's own
     * coordinates, x right and y down, finite (default {0, -3}, UIKit's: 3 points up). As in
     * UIKit, a view that clips to its bounds casts no shadow: put the shadow on a superview. */
    th_status (*get_shadow_color)(th_view view, th_color *out);
    th_status (*set_shadow_color)(th_view view, th_color color);
    th_status (*get_shadow_opacity)(th_view view, double *out);
    th_status (*set_shadow_opacity)(th_view view, double opacity);
    th_status (*get_shadow_radius)(th_view view, double *out);
    th_status (*set_shadow_radius)(th_view view, double radius);
    th_status (*get_shadow_offset)(th_view view, th_point *out);
    th_status (*set_shadow_offset)(th_view view, th_point offset);
    /* The layer's 3D transform (layer.transform), about the view's centre, applied before
     * the 2D one set_transform sets (the two compose; UIKit keeps them as one). The view's
     * subviews lie flat in its plane and turn with it. Animatable: the host animates it by its
     * parts (perspective, translation, scale, skew, rotation) as Core Animation does, so a
     * half turn about y turns the view rather than squashing it, along the shorter arc. Every
     * entry finite; m44 not 0 (a transform that puts every point at infinity); a singular one
     * (a scale of 0) is allowed, as a view collapsing to nothing. Default: identity. */
    th_status (*get_transform3d)(th_view view, th_transform3d *out);
    th_status (*set_transform3d)(th_view view, th_transform3d transform);

    /* --- ABI 1.1: snapshots as UIKit takes them (snapshotView(afterScreenUpdates:) and
     * resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)). Check
     * TH_HAS_FIELD(host, th_host_api, resizable_snapshot_view) first. Called by animators and
     * presentation controllers whenever they may touch a view. Each gives a new view, not in
     * a superview, showing a picture, as snapshot_view above; the plugin never frees it.
     * `after_screen_updates`: true shows `view` as it is now, every change made so far
     * included (snapshot_view does this); false shows it as the last frame the host drew
     * showed it (the screens as they were when the transition began, then each frame):
     * changes made since then do not show, and a view that was not on screen then, such as
     * the presented view before the animator adds it, gives a blank picture, as in UIKit.
     * TH_ERR_BAD_HANDLE for a bad view; TH_ERR_BAD_ARGUMENT for NULL `out`, and for a value
     * the rules below refuse, which is also reported as misuse (a warning naming the
     * function). --- */

    th_status (*snapshot_view_after_updates)(th_view view, bool after_screen_updates, th_view *out);
    /* The part `rect` of `view` (in `view`'s bounds coordinates: finite, width and height
     * >= 0; it may reach past the view, whose picture is clear there), framed where that part
     * is in `view`'s superview and cut to it. When the snapshot's size changes, the
     * `cap_insets` (finite, >= 0, in points of the part) keep their size, the part between
     * them stretches, and the corners stay as they are: a rounded card grows without its
     * corners growing. Caps wider than the snapshot shrink in proportion. */
    th_status (*resizable_snapshot_view)(th_view view, th_rect rect, bool after_screen_updates,
                                         th_edge_insets cap_insets, th_view *out);

    /* --- ABI 1.2. Check TH_HAS_FIELD(host, th_host_api, percent_complete) first: a 1.1 host's
     * table ends before it. --- */

    /* UIPercentDrivenInteractiveTransition.percentComplete: how far the interactive
     * transition `ctx` is, in [0, 1], as the last update_interactive_transition set it (0
     * before the first). Called by an interaction controller, typically from its gesture
     * handler, to move on from where the transition is rather than from where its own
     * arithmetic says it should be. Writes 0 for a transition that is not interactive.
     * TH_ERR_BAD_HANDLE for a stale or unknown context; TH_ERR_BAD_ARGUMENT for NULL
     * `percent`. */
    th_status (*percent_complete)(th_context ctx, double *percent);
    /* Whether the view is drawn when its 3D transform (set_transform3d) turns its back to the
     * eye (CALayer.isDoubleSided). A view that is not double-sided is not drawn while it faces
     * away, nor its subviews, which lie flat in its plane: two faces of a cube, each turned
     * with the cube, then show only the one in front. Called by animators and presentation
     * controllers whenever they may touch a view. Not animatable: applies at once. Default 1.
     * TH_ERR_BAD_HANDLE for a bad view; TH_ERR_BAD_ARGUMENT for NULL `out`. */
    th_status (*get_double_sided)(th_view view, bool *out);
    th_status (*set_double_sided)(th_view view, bool double_sided);
    /* Where the view is drawn among its siblings (CALayer.zPosition): one with a higher value
     * over one with a lower, whatever their order as subviews; equal values keep that order.
     * The order of subviews itself (what superview and remove answer) does not change. Finite;
     * not animatable here: applies at once. Default 0. TH_ERR_BAD_HANDLE for a bad view;
     * TH_ERR_BAD_ARGUMENT for NULL `out` or a value that is not finite. */
    th_status (*get_z_position)(th_view view, double *out);
    th_status (*set_z_position)(th_view view, double z_position);
    /* How the view's rounded corners bend (CALayer.cornerCurve): TH_CORNER_CURVE_*. The
     * background, the contents, the border, the shadow and the clipping of subviews all follow
     * it. A continuous corner needs 1.53 radii of each side, so a radius larger than the
     * shorter side / 3.06 is drawn smaller. Not animatable: applies at once. Default
     * TH_CORNER_CURVE_CIRCULAR. TH_ERR_BAD_HANDLE for a bad view; TH_ERR_BAD_ARGUMENT for NULL
     * `out` or a value not listed. */
    th_status (*get_corner_curve)(th_view view, uint32_t *out);
    th_status (*set_corner_curve)(th_view view, uint32_t curve);
    /* Fills the view with a gradient (the view's layer made a CAGradientLayer): over its
     * background colour and under its subviews, cut by its corner radius, corner curve and
     * border as the background is, and faded with its alpha. `kind` is TH_GRADIENT_*; `start`
     * and `end` are CAGradientLayer's startPoint and endPoint, in unit coordinates of the
     * bounds ((0, 0) the top left, (1, 1) the bottom right; they may lie outside). `count`
     * stops, read during the call and copied: the plugin keeps its array. Before the first
     * stop and after the last the end colours continue. TH_GRADIENT_NONE removes the view's
     * gradient, and then `start`, `end`, `count` and `stops` are not read. There is no getter:
     * the plugin that sets a gradient knows it. Not animatable: applies at once. Called by
     * animators and presentation controllers, for instance for a dimming view that darkens
     * towards the bottom. TH_ERR_BAD_HANDLE for a bad view; TH_ERR_BAD_ARGUMENT for a kind not
     * listed, fewer than 2 or more than TH_MAX_GRADIENT_STOPS stops, NULL `stops`, a location
     * outside [0, 1] or below the one before it, a colour component outside [0, 1], a point
     * that is not finite, or points that give no direction (an axial gradient's two points
     * the same; a radial one's end not apart from its start in both x and y). */
    th_status (*set_gradient)(th_view view, uint32_t kind, th_point start, th_point end, uint32_t count,
                              const th_gradient_stop *stops);
    /* The point of the view's bounds, in unit coordinates ((0, 0) the top left, (1, 1) the
     * bottom right; it may lie outside), that sits at the view's centre and about which its
     * transforms (set_transform, set_transform3d) turn and scale: CALayer.anchorPoint, (0.5,
     * 0.5) by default. As in Core Animation, the centre (the layer's position) stays where it
     * is, so the frame moves: a door hinged at its left edge sets (0, 0.5), then its frame
     * again, then turns about y. get_frame and set_frame follow the anchor point. Not
     * animatable here: applies at once. Called by animators and presentation controllers; one
     * that changes it for a transition sets it back. TH_ERR_BAD_HANDLE for a bad view;
     * TH_ERR_BAD_ARGUMENT for NULL `out` or a point that is not finite. */
    th_status (*get_anchor_point)(th_view view, th_point *out);
    th_status (*set_anchor_point)(th_view view, th_point anchor);
    /* Cuts the view, and everything it draws (its shadow, background, contents, border and
     * subviews), to a shape: CALayer.mask set to a CAShapeLayer whose path is that shape, as a
     * circular reveal does. `kind` is TH_MASK_*; `rect` is in the view's bounds coordinates,
     * like its subviews' frames; `corner_radius` rounds a TH_MASK_ROUNDED_RECT (drawn at most
     * half its shorter side) and is kept but not used by an ellipse. Inside an animations
     * block the rectangle and the radius animate from the mask the view has, like any
     * property, while the kind stays the same; a new kind applies at once, rectangle and
     * radius with it, so set the kind and the start first, then animate to the end. An empty
     * rectangle hides the view. TH_MASK_NONE removes the mask. The motion check and
     * `host validate` see only what the mask leaves. Called by animators and presentation
     * controllers; one that masks a view for a transition removes the mask at its end: a
     * screen left cut by a mask after its transition, or a mask left on a view a cancelled
     * transition must leave as it was, is a broken end state (the run is not clean).
     * get_mask writes the model values (what was last set). TH_ERR_BAD_HANDLE for a bad view;
     * TH_ERR_BAD_ARGUMENT for a NULL out-pointer, a kind not listed, a rectangle that is not
     * finite or of negative size, or a radius that is not finite or below 0. */
    th_status (*get_mask)(th_view view, uint32_t *kind, th_rect *rect, double *corner_radius);
    th_status (*set_mask)(th_view view, uint32_t kind, th_rect rect, double corner_radius);
    /* Blurs what lies behind the view (TH_BLUR_BACKDROP: a frosted sheet, a blurred dimming
     * view) or the view itself with everything it draws (TH_BLUR_LAYER). `radius` is the
     * Gaussian's standard deviation in points, as CSS's blur() takes it; on a scale-3
     * picture it spans three times as many pixels. A backdrop blur shows, within the view's
     * rounded bounds and its mask, what was drawn before the view (the screens and views
     * behind it) blurred, faded with the view's alpha, under the view's background colour
     * (a tint: give it an alpha below 1) and its subviews. Inside an animations block the
     * radius animates from the blur the view has, like any property, while the kind stays;
     * a new kind applies at once, radius with it: set the kind with a radius of 0 first,
     * then animate the radius, as a UIVisualEffectView's effect is animated in. TH_BLUR_NONE
     * removes the blur. A 3D-turned view's backdrop is what its own turned ancestor draws
     * behind it. Called by animators and presentation controllers; one that blurs a screen
     * for a transition removes the blur at its end: a screen left blurred (TH_BLUR_LAYER with
     * a radius above 0) after its transition is a broken end state (the run is not clean).
     * get_blur writes the model values (what was last set). TH_ERR_BAD_HANDLE for a bad
     * view; TH_ERR_BAD_ARGUMENT for a NULL out-pointer, a kind not listed, or a radius that
     * is not finite, below 0 or above TH_MAX_BLUR_RADIUS. */
    th_status (*get_blur)(th_view view, uint32_t *kind, double *radius);
    th_status (*set_blur)(th_view view, uint32_t kind, double radius);
    /* The shape the view's shadow is cast by (CALayer.shadowPath), instead of its rounded
     * bounds: TH_MASK_ROUNDED_RECT (with `corner_radius`, drawn at most half its shorter side)
     * or TH_MASK_ELLIPSE, `rect` in the view's bounds coordinates as a mask's; TH_MASK_NONE
     * (the default) casts it by the rounded bounds again. Only the shadow follows it: the view
     * is drawn as before, and a view that clips still casts none. A round avatar casts a round
     * shadow; a sheet's shadow can stop short of its bottom edge. Not animatable: applies at
     * once. Called by animators and presentation controllers. get_shadow_path writes what was
     * last set. TH_ERR_BAD_HANDLE for a bad view; TH_ERR_BAD_ARGUMENT for a NULL out-pointer,
     * a kind not listed, a rectangle that is not finite or of negative size, or a radius that
     * is not finite or below 0. */
    th_status (*get_shadow_path)(th_view view, uint32_t *kind, th_rect *rect, double *corner_radius);
    th_status (*set_shadow_path)(th_view view, uint32_t kind, th_rect rect, double corner_radius);
    /* A 3D transform applied to the view's subviews, not to the view itself
     * (CALayer.sublayerTransform), about the view's anchor point: each subview is turned and
     * projected in its parent's space, after its own 3D transform. Perspective for every
     * face of a cube at once: set m34 = -1/distance here and turn the faces with
     * set_transform3d. The view's own contents (its background, a snapshot's picture) are not
     * turned. Each subview is drawn flat and carried by the transform, as a 3D-turned view is;
     * whether a subview that is not double-sided faces away is judged by its own transform.
     * Not animatable here: applies at once. Called by animators and presentation controllers;
     * one that sets it for a transition sets it back. TH_ERR_BAD_HANDLE for a bad view;
     * TH_ERR_BAD_ARGUMENT for NULL `out`, an entry that is not finite, or m44 of 0. */
    th_status (*get_sublayer_transform)(th_view view, th_transform3d *out);
    th_status (*set_sublayer_transform)(th_view view, th_transform3d transform);
    /* Cuts the view to a path of its own (CALayer.mask set to a CAShapeLayer with that path),
     * as set_mask cuts it to a shape: `count` elements (1 to TH_MAX_PATH_ELEMENTS), in the
     * view's bounds coordinates, read during the call and copied. Filled by the non-zero
     * winding rule, each subpath closed; a path must start with TH_PATH_MOVE_TO. Inside an
     * animations block, a path whose elements have the kinds, in the same order, of the path
     * mask the view shows morphs from it, each point moving straight to its partner on the
     * block's curve (CAShapeLayer's path animation: a star's points growing out, a blob
     * changing shape); any other path, and every path outside a block, applies at once. To
     * morph from a circle, set it first as curves (four TH_PATH_CURVE_TOs), then animate to
     * another path of four curves. get_mask then gives TH_MASK_PATH and the path's
     * bounding box; set_mask with TH_MASK_NONE removes it. As with any mask, a screen left cut
     * by it after its transition is a broken end state. TH_ERR_BAD_HANDLE for a bad view;
     * TH_ERR_BAD_ARGUMENT for a count of 0 or above the limit (the elements are then not
     * read), NULL `elements`, a kind not listed, a first element that is not a move, or a
     * point that is not finite. */
    th_status (*set_mask_path)(th_view view, uint32_t count, const th_path_element *elements);
    /* How the view's frame follows its superview's size (UIView.autoresizingMask): TH_AUTORESIZE_*
     * bits. When the superview's bounds change size, the margins and sizes marked flexible
     * share the change in proportion to their lengths (equally when those are all 0), as
     * UIKit lays out; the others stay. Inside an animations block that layout animates with
     * the change that caused it. A presentation controller that shows a screen shorter than
     * the container (a half-height sheet) sets TH_AUTORESIZE_FLEXIBLE_TOP_MARGIN on what
     * belongs at the bottom, or the scene file does (`autoresizing`). Not animatable: applies
     * to later size changes. Default 0: the view keeps its frame. TH_ERR_BAD_HANDLE for a bad
     * view; TH_ERR_BAD_ARGUMENT for NULL `out` or a bit outside TH_AUTORESIZE_ALL. */
    th_status (*get_autoresizing_mask)(th_view view, uint32_t *out);
    th_status (*set_autoresizing_mask)(th_view view, uint32_t mask);
    /* UIViewControllerTransitionCoordinatorContext.completionVelocity and .completionCurve:
     * the speed (a factor of the transition's own pace) and the TH_CURVE_* curve its tail
     * plays at once an interaction has ended: the interaction controller's completion speed
     * and curve (th_interaction_interface, or `host run --completion-speed`). Read by an
     * alongside animation, an alongside completion or a notify_when_interaction_changes
     * handler, to finish its own animations at the same pace. 1 and TH_CURVE_EASE_IN_OUT
     * while the interaction goes on, and for a transition that is not interactive. A curve
     * that is not a TH_CURVE_* one (a plugin's) is written as TH_CURVE_EASE_IN_OUT.
     * TH_ERR_BAD_HANDLE for a stale or unknown context; TH_ERR_BAD_ARGUMENT for NULL `out`. */
    th_status (*completion_velocity)(th_context ctx, double *out);
    th_status (*completion_curve)(th_context ctx, uint32_t *out);
} th_host_api;

/* ------------------------------------------------------------------------------------------
 * Effect configuration: what the host passes when it creates an instance of an effect.
 * ---------------------------------------------------------------------------------------- */
typedef struct th_effect_config {
    uint32_t struct_size; /* sizeof(th_effect_config) */
    uint32_t transition;  /* the one TH_TRANSITION_* bit this instance serves */
    uint32_t param_count; /* equals the descriptor's param_count */
    uint32_t reserved;    /* zero */
    /* One value per declared parameter, in declaration order, every one within its declared
     * range (the host checks and fills defaults; a plugin is never given a bad value). Valid
     * only during the create call: copy what you need. */
    const double *params;
} th_effect_config;

/* ------------------------------------------------------------------------------------------
 * Interfaces, one per kind. The host calls every function on its main thread. `self` is the
 * pointer the plugin's create returned; the plugin owns it and frees it in destroy.
 * ---------------------------------------------------------------------------------------- */

/* UIViewControllerAnimatedTransitioning. One instance serves one transition. */
typedef struct th_animator_interface {
    uint32_t struct_size; /* sizeof(th_animator_interface) */
    /* Required. Called when the delegate is asked for the animator. NULL means "cannot": the
     * host falls back to its standard style and says so. */
    void *(*create)(const th_effect_config *config);
    /* Required. Called once, after animation_ended (or instead of it when the transition
     * never started), when nothing the transition scheduled can call the plugin any more. */
    void (*destroy)(void *self);
    /* Required. Seconds, finite and >= 0; called before animate_transition and may be called
     * again during it. A bad value is reported and replaced by the default duration. */
    double (*transition_duration)(void *self, th_context ctx);
    /* Required. Set up the views and start the animations; return without waiting. Call
     * complete_transition later (or now, for an instant transition). */
    void (*animate_transition)(void *self, th_context ctx);
    /* Optional (may be NULL). Called once after the transition has ended and every completion
     * has run. `ctx` is stale by now, so it is not passed. */
    void (*animation_ended)(void *self, bool completed);

    /* ABI 1.1, optional: interruptibleAnimator(using:). The property animator
     * (TH_EXT_HOST_PROPERTY_ANIMATORS) that runs this transition, the same one every time it
     * is asked for the same transition; {0} for none. Make it on the first call (create, add
     * the animations and a completion that calls complete_transition with
     * !transition_was_cancelled) and return it after; animate_transition calls it too and
     * starts the animator, as UIKit's animators do. The host asks for it only after
     * animate_transition: when the transition is interactive from the start, its
     * percent-driven controller drives the animator (paused, fraction_complete set to each
     * update's percent, continued on finish, reversed and continued on cancel, with the
     * completion speed and curve); and when a gesture grabs the transition mid-flight
     * (`host run --grab-at`): it pauses the animator, scrubs its fraction_complete with the gesture, and
     * on the release continues it, or reverses it first when the gesture throws the
     * transition back (transition_was_cancelled answers 1 from then on, and is_interactive
     * answers 1 while the gesture holds it; the cut-off waits while it holds). An animator
     * whose struct stops before this field, or that leaves it NULL or answers {0}, cannot be
     * grabbed: the host says so and lets it run. Property animators made during a transition
     * are stopped (without finishing: no completion runs) when the host cuts the transition
     * off or falls back after a failure, so that none calls the plugin after destroy.
     * Alongside animations (a presentation controller's, registered before animate_transition
     * returns) are added to this animator, right after animate_transition, when the transition
     * is not interactive from the start, as UIKit adds them: held, scrubbed, thrown back and
     * finished with it when a gesture grabs it. Without an interruptible animator they follow
     * the transition's own clock. A grab's release decides as a pan handler does: a flick of at
     * least one container length a second continues it forwards or throws it back; slower, the
     * finger past half the container continues it, short of it throws it back. */
    th_property_animator (*interruptible_animator)(void *self, th_context ctx);
} th_animator_interface;

/* One event of a gesture recogniser, in points, as UIKit's recognisers report it (ABI 1.1).
 * The host passes it to an interaction controller's `gesture`; valid only during that call. */
typedef struct th_gesture_event {
    uint32_t struct_size; /* sizeof(th_gesture_event) of the host: check with TH_HAS_FIELD */
    uint32_t kind;        /* TH_GESTURE_*: a controller that does not know a kind ignores it */
    uint32_t state;       /* TH_GESTURE_BEGAN, then _CHANGED (any number), then _ENDED or
                             _CANCELLED; a tap's one event is _ENDED */
    uint32_t edge;        /* a screen-edge pan: the TH_EDGE_* it started from; otherwise 0 */
    double time;          /* seconds since the transition started, on the host's clock */
    th_view view;         /* the view the recogniser is attached to: the transition's container */
    th_point location;    /* the touch (a pinch: the touches' centre) in `view`'s coordinates */
    th_point translation; /* a pan: the movement since it began (translationInView); else {0, 0} */
    th_point velocity;    /* a pan: points per second (velocityInView); else {0, 0} */
    double scale;         /* a pinch: 1 when it began, below 1 closing, above opening; else 1 */
    double scale_velocity; /* a pinch: scale per second; else 0 */
    /* --- ABI 1.2: read only when TH_HAS_FIELD(event, th_gesture_event, rotation_velocity);
     * a 1.1 host's event ends before them. --- */
    double rotation;          /* a rotation: radians turned since it began, clockwise on screen
                                 above 0 (UIRotationGestureRecognizer.rotation); else 0 */
    double rotation_velocity; /* a rotation: radians per second; else 0 */
} th_gesture_event;

/* UIViewControllerInteractiveTransitioning, for TH_KIND_INTERACTION_CONTROLLER (ABI 1.1): what
 * an app's UIPercentDrivenInteractiveTransition subclass and its gesture handler do together.
 * One instance serves one transition. The host creates it when the delegate (or `host run
 * --interactive NAME`) names it for a transition, right after the animator; the transition
 * then starts interactive, paused at 0 (is_interactive answers 1, in animate_transition
 * too), and the controller drives it through the context's 1.1 functions
 * (update_interactive_transition, finish-, cancel-, pause-). Order: create,
 * start_interactive_transition, then the gesture's events from TH_GESTURE_BEGAN on, each with
 * the same context, until the transition ends; then destroy. A controller that neither
 * finishes nor cancels is cut off like an animator that never completes. The descriptor's
 * params reach create as an animator's do; its default_duration is not used (the animator's
 * duration is the transition's). When create returns NULL, the host's own percent-driven
 * controller drives the transition with the same gesture, and says so.
 * A transition a gesture grabs mid-flight (`host run --grab-at`, the animator's
 * interruptible_animator paused there) is UIKit's wantsInteractiveStart = false: the controller
 * is created and started at the grab, not at the transition's start, then gets the gesture's
 * events from the grab on. Its percent counts from where the animator was grabbed (update 0.2
 * on a transition grabbed at 0.333 shows 0.533); finish plays the rest, cancel throws the
 * transition back (transition_was_cancelled answers 1 from then on). */
typedef struct th_interaction_interface {
    uint32_t struct_size; /* sizeof(th_interaction_interface) */
    void *(*create)(const th_effect_config *config); /* required, as the animator's */
    /* Required. Called once, after the animator's animation_ended (or instead of
     * start_interactive_transition when the transition never started). */
    void (*destroy)(void *self);
    /* Required. startInteractiveTransition: called after the host has started the animator's
     * animate_transition with the transition held at 0. `ctx` stays valid until the
     * transition ends. */
    void (*start_interactive_transition)(void *self, th_context ctx);
    /* Optional, but without it the controller sees no gesture: it must then end the
     * interaction itself (from start_interactive_transition or a callback). Each event of the
     * gesture that drives the transition, in order, on the host's clock: decide here, as a
     * gesture handler does, what percent the gesture means and when to finish or cancel.
     * Events after the interaction has ended still arrive (the gesture's end); the context's
     * interactive functions answer TH_ERR_BAD_STATE by then. */
    void (*gesture)(void *self, th_context ctx, const th_gesture_event *event);
    /* Optional. completionSpeed: > 0, read when the interaction finishes or cancels; the tail
     * lasts the remaining share of the duration divided by it. NULL, or a value that is not a
     * positive finite number (reported), means 1. */
    double (*completion_speed)(void *self);
    /* Optional. completionCurve: a TH_CURVE_* value for the tail. NULL, or an unknown value
     * (reported), means TH_CURVE_EASE_IN_OUT. */
    uint32_t (*completion_curve)(void *self);
} th_interaction_interface;

/* UIPresentationController, for TH_PRESENTATION_CUSTOM. One instance serves one presented
 * view controller, from its presentation to the end of its dismissal. */
typedef struct th_presentation_interface {
    uint32_t struct_size; /* sizeof(th_presentation_interface) */
    void *(*create)(const th_effect_config *config); /* required, as the animator's */
    /* Required. Called once, after dismissal_did_end(true), or after presentation_did_end
     * (false) when the presentation was cancelled (there is no dismissal then), when nothing
     * the transition scheduled can call the plugin any more. */
    void (*destroy)(void *self);
    /* Optional. The presented view's frame in the container (frameOfPresentedViewInContainer-
     * View). Return false, or leave NULL, for the container's bounds. */
    bool (*frame_of_presented_view)(void *self, th_rect container_bounds, th_rect *out);
    /* Optional. Add chrome and register alongside animations through `ctx`. */
    void (*presentation_will_begin)(void *self, th_context ctx);
    /* Optional. After complete_transition; `completed` false means the presentation was
     * cancelled: remove what presentation_will_begin added. */
    void (*presentation_did_end)(void *self, bool completed);
    void (*dismissal_will_begin)(void *self, th_context ctx); /* optional */
    void (*dismissal_did_end)(void *self, bool completed);    /* optional */
    /* Optional. The container is about to lay out its subviews (containerViewWillLayout-
     * Subviews); adjust chrome to the container's bounds. */
    void (*container_will_layout)(void *self, th_view container);
    /* Optional. Whether the presenter's view leaves the screen after the presentation
     * (shouldRemovePresentersView). NULL means true. */
    bool (*should_remove_presenters_view)(void *self);

    /* ABI 1.1, optional: presentedView. The view the animators move for the presented view
     * controller: the one th_host_api.view(ctx, TH_TO) gives in the presentation and
     * view(ctx, TH_FROM) in the dismissal, and the one the host checks ends in the
     * container at frame_of_presented_view. Use it to wrap the presented view in a view of your
     * own (created in presentation_will_begin, the presented view added to it and sized to
     * it), as UIKit sheets do: a view that clips to rounded corners clips its own shadow, so
     * the shadow goes on the unclipped wrapper. Called once per presentation, right after
     * presentation_will_begin (so the wrapper exists by then); the dismissal moves the same
     * view. `presented` is the presented view controller's view. Return it, a null view
     * (id 0), or leave NULL, for no wrapper. A handle that names no view, or a view that
     * does not contain `presented`, is reported and not used. Like every view it is the
     * host's; the dismissal's animator removes it, as it removes any from view. */
    th_view (*presented_view)(void *self, th_view presented);

    /* ABI 1.2, optional: presentationControllerShouldDismiss (UIAdaptivePresentationController-
     * Delegate), which a presented screen's isModalInPresentation answers too. Asked when a
     * gesture starts a dismissal (the user pulling a sheet down: `host run --interactive-
     * dismiss GESTURE`), before anything moves; a dismissal the app makes without a gesture is
     * never asked, as in UIKit. false refuses it: the presented view follows the gesture a
     * little, held back as a rubber band would hold it, springs back when the finger lifts,
     * and did_attempt_to_dismiss is called; the screen stays presented, and the run is clean.
     * NULL, or true: the dismissal runs. */
    bool (*should_dismiss)(void *self);
    /* ABI 1.2, optional: presentationControllerDidAttemptToDismiss. The user tried to dismiss
     * and should_dismiss refused: ask them what to do (save or discard the changes that made
     * the screen modal). Called once, when the refused gesture ends, before the view springs
     * back. */
    void (*did_attempt_to_dismiss)(void *self);

    /* ABI 1.2, optional: sheet detents (UISheetPresentationController.detents): the heights a
     * sheet at the bottom of the container may rest at, which a drag moves it between
     * (`host run --drag-sheet GESTURE`, after the presentation). How many there are; NULL or
     * 0 for none (the sheet cannot be dragged). At most TH_MAX_DETENTS. */
    uint32_t (*detent_count)(void *self);
    /* The height of detent `index` (0 to count - 1, smallest first: a medium one, then a
     * large one) for a container of `container_bounds`, in points: finite, above 0, at most
     * the container's height, each above the one before. A detent that breaks the rule is
     * reported, naming it, and the sheet is not dragged. */
    double (*detent_height)(void *self, uint32_t index, th_rect container_bounds);
    /* The sheet came to rest at detent `index` after a drag
     * (sheetPresentationControllerDidChangeSelectedDetentIdentifier); called only when it
     * changed. From then on frame_of_presented_view should answer that detent's frame. While
     * the sheet is dragged its height follows the finger (held back past the smallest and the
     * largest detent, as a rubber band), its subviews laid out again (set_autoresizing_mask);
     * at the release it springs to the detent nearest to where the flick would carry it. */
    void (*detent_did_change)(void *self, uint32_t index);

    /* ABI 1.2, optional: viewWillTransition(to:with:). The window, and so the container, is
     * about to take `size`, in points (a split view or a window's edge resizing the app:
     * `host run --resize WxH`, after the presentation and before the dismissal). Called inside
     * the host's animation of the change (0.35 s, ease-in-out), so a view property set here
     * animates with it, as one set in coordinator.animate(alongsideTransition:) would. Then,
     * inside the same animation: the container and every screen's view that filled the window
     * take the new size, their subviews following set_autoresizing_mask; container_will_layout
     * is called; the host sets the presented view (presented_view's wrapper, when there is
     * one) to frame_of_presented_view for the new bounds, as custom controllers do in
     * containerViewWillLayoutSubviews; and container_did_layout is called. The dismissal then
     * starts from there. */
    void (*view_will_transition_to_size)(void *self, th_size size);
    /* ABI 1.2, optional: containerViewDidLayoutSubviews. The container's subviews have been
     * laid out: right after container_will_layout at each transition, and at the end of a
     * resize's layout (above). Adjust chrome that depends on where the presented view now is. */
    void (*container_did_layout)(void *self, th_view container);
} th_presentation_interface;

/* The most detents a sheet may have (ABI 1.2, th_presentation_interface.detent_count). */
#define TH_MAX_DETENTS 8

/* The screens of one transition (ABI 1.1), for a delegate that picks its effect by screen.
 * Strings are valid during the call; `tag` is NULL when the scene gives the screen none
 * (a scene file's "tag"; docs/SCENES.md). */
typedef struct th_screen {
    const char *name; /* the view controller's name: "home", "detail", a scene file's screen */
    const char *tag;
} th_screen;

typedef struct th_transition_screens {
    uint32_t struct_size; /* sizeof(th_transition_screens) of the host: check with TH_HAS_FIELD */
    uint32_t transition;  /* the one TH_TRANSITION_* bit */
    /* The screen that comes or goes on top: the presented one (present, dismiss), the pushed
     * or popped one (push, pop), the one switched to (a tab switch). */
    th_screen presented;
    /* The screen under it: the presenter, the one below on the stack, the one switched from. */
    th_screen presenting;
    /* Where the user acted: the screen being left (the presenter when presenting, the
     * presented screen when dismissing). */
    th_screen source;
} th_transition_screens;

/* UIViewControllerTransitioningDelegate, for plugins that pair effects. Every function is
 * optional and returns an effect id (resolved first within this plugin, then among all
 * plugins) or NULL for the host's default. Returned strings must be static. */
typedef struct th_delegate_interface {
    uint32_t struct_size; /* sizeof(th_delegate_interface) */
    /* animationController(forPresented:) / (forDismissed:) / push / pop, by transition bit. */
    const char *(*animator_for)(uint32_t transition);
    /* presentationController(forPresented:); non-NULL selects TH_PRESENTATION_CUSTOM. */
    const char *(*presentation_controller)(void);

    /* ABI 1.1, optional: interactionControllerForPresentation/-Dismissal (and the navigation
     * and container delegates' interactionControllerForAnimationController): an interaction
     * controller effect for the transition (one TH_TRANSITION_* bit) that `animator_id`'s
     * animator runs (its effect id as its descriptor gives it, without the plugin id; NULL for
     * the host's standard style; valid during the call), or NULL for none. Resolved like
     * animator_for's answer; a name that resolves to nothing, to another kind, or to a
     * controller that does not list the transition is reported, and the host's percent-driven
     * controller drives it. The host asks only when the user gives a gesture in points for the
     * transition. */
    const char *(*interaction_controller_for)(uint32_t transition, const char *animator_id);

    /* ABI 1.1, optional: animator_for with the screens involved, asked at each transition
     * (with the same rules for the id it returns; NULL for the host's standard style) in
     * place of animator_for, so that one delegate can pick an effect per screen. An animator
     * it names other than the one `host run` named gets its own default parameters. */
    const char *(*animator_for_screens)(const th_transition_screens *screens);
} th_delegate_interface;

/* ------------------------------------------------------------------------------------------
 * Descriptors: static data describing what a plugin offers.
 * ---------------------------------------------------------------------------------------- */

/* Limits on what one plugin declares: its effects (th_effect_descriptor) and its curves
 * (th_timing_curves). The host checks them with one check when it loads a plugin, when its
 * helper process scans one and when `host validate` audits one, and refuses a plugin over any
 * of them with the limit's name. The per-item limits are also stated next to each field. The
 * totals count every effect and curve of the plugin together and keep the largest plugin they
 * allow quick to load (well under the scanner's 3 s per file) and its description small:
 *   TH_MAX_TOTAL_PARAMS           parameters, of all effects and curves;
 *   TH_MAX_TOTAL_CHOICES          enum choices, of all those parameters;
 *   TH_MAX_DESCRIPTOR_TEXT_BYTES  bytes of text (without the NULs) in every id, name, unit,
 *                                 description and choice of those effects, curves and parameters
 *                                 (a string used twice counts twice).
 * Added in ABI 1.0's header (no struct changed): before them the per-item limits allowed
 * 256 x 64 x 64 choices, which no host could scan in time. */
enum {
    TH_MAX_EFFECTS = 256,       /* effect_count() */
    TH_MAX_PARAMS = 64,         /* param_count of one effect */
    TH_MAX_CHOICES = 64,        /* choice_count of one enum parameter */
    TH_MAX_ID_BYTES = 63,       /* one id */
    TH_MAX_TEXT_BYTES = 4096,   /* one name, unit or description */
    TH_MAX_TOTAL_PARAMS = 2048,
    TH_MAX_TOTAL_CHOICES = 8192,
    TH_MAX_DESCRIPTOR_TEXT_BYTES = 1048576
};

/* One typed parameter of an effect. Shown by the host; checked before any value reaches the
 * plugin. */
typedef struct th_param_descriptor {
    uint32_t struct_size; /* sizeof(th_param_descriptor) */
    uint32_t type;        /* TH_PARAM_* */
    const char *id;       /* required: [a-z][a-z0-9_-]*, at most 63 bytes, unique in the effect */
    const char *name;     /* required: shown to people */
    const char *unit;     /* may be NULL or "": "s", "pt", "deg", ... */
    double min_value;     /* finite; min_value <= default_value <= max_value */
    double max_value;
    double default_value; /* for TH_PARAM_ENUM: the index of the default choice */
    uint32_t choice_count;       /* TH_PARAM_ENUM: 1..64 choices; otherwise 0 */
    const char *const *choices; /* TH_PARAM_ENUM: choice ids, [a-z][a-z0-9_-]*; else NULL */
} th_param_descriptor;

/* One effect: an animator, a presentation controller or a transitioning delegate. */
typedef struct th_effect_descriptor {
    uint32_t struct_size;    /* sizeof(th_effect_descriptor) */
    uint32_t kind;           /* TH_KIND_* */
    const char *id;          /* required: [a-z][a-z0-9_-]*, at most 63 bytes, unique in the plugin */
    const char *name;        /* required: shown to people */
    const char *description; /* may be NULL: one sentence */
    uint32_t transitions;    /* required: a non-zero mask of TH_TRANSITION_* it supports */
    uint32_t param_count;    /* 0..64 */
    const th_param_descriptor *params; /* param_count entries, or NULL when 0 */
    double default_duration;           /* seconds, in [0, 60] */
    /* Required: the interface for `kind` — a const th_animator_interface*,
     * th_presentation_interface*, th_delegate_interface* or (ABI 1.1)
     * th_interaction_interface*. */
    const void *interface;

    /* --- ABI 1.2, appended. The host reads them only when struct_size covers them
     * (TH_HAS_FIELD), so a 1.0 or 1.1 descriptor means: no flags, no reduced variant. */

    /* A mask of TH_EFFECT_* bits; 0 for none. Read once, when the plugin is scanned. */
    uint32_t flags;
    /* May be NULL: the id of the effect to play instead when the person has asked for reduced
     * motion (UIAccessibility.isReduceMotionEnabled; `host run --reduce-motion`). It names
     * another effect of the same kind in this plugin, which should move and resize nothing
     * (a cross-fade, a change of colour); `host validate` checks that. With none, the host
     * plays a cross-dissolve, as the system does. The plugin owns the string, for as long as
     * it is loaded; the host copies it when it scans the plugin. */
    const char *reduced_motion;
} th_effect_descriptor;

/* ------------------------------------------------------------------------------------------
 * Entry point.
 *
 * Preferred: export a const data symbol named th_entry (a C name cannot be both a type and
 * a variable, hence the shorter name):
 *
 *     TH_EXPORT const th_plugin_entry th_entry = { sizeof(th_plugin_entry),
 *         TH_ABI_MAJOR, TH_ABI_MINOR, "example.fx", "Example effects", "1.0.0", ... };
 *
 * The host reads struct_size and the ABI version from the file before loading it, so a
 * plugin for another ABI major never has any of its code run.
 *
 * For languages that can only export functions (Swift's @_cdecl), export instead
 *     const th_plugin_entry *th_get_entry(void);
 * which must only return the address of static data. The host calls it once, right after
 * loading, and checks the version it returns before calling anything else.
 * ---------------------------------------------------------------------------------------- */
typedef struct th_plugin_entry {
    uint32_t struct_size; /* sizeof(th_plugin_entry) */
    uint16_t abi_major;   /* TH_ABI_MAJOR the plugin was built against */
    uint16_t abi_minor;   /* TH_ABI_MINOR the plugin was built against */
    /* Required: [a-z][a-z0-9._-]*, at most 63 bytes. Qualifies effect names in `host list`
     * ("plugin-id:effect") when two plugins offer the same effect id. */
    const char *id;
    const char *name;    /* required: shown to people */
    const char *version; /* required: the plugin's own version, e.g. "1.2.0" */
    const char *vendor;  /* may be NULL */

    /* Required. Called once, first, after the version check. `host` stays valid until deinit
     * returns. Return false when the plugin cannot work; the host then reports it and calls
     * nothing else (not even deinit).
     * The host first loads every plugin in a short-lived helper process, which calls init,
     * effect_count, get_effect, get_extension and deinit to learn the descriptors, then exits;
     * only a plugin that passed loads into the host itself. So keep init quick (a plugin still
     * loading after a few seconds is reported as hung) and free of lasting side effects, and
     * never write to file descriptors you did not open. Never end the process from any call:
     * exit() in the host's process ends it with status 70 and the host names the plugin and the
     * call; _exit() and exec cannot be noticed there and are contained only by --isolate. */
    bool (*init)(const th_host_api *host);
    /* Optional. Called once, last, when the host no longer needs the plugin (at exit). */
    void (*deinit)(void);
    /* Required. The number of effects, 0..256; called after init. */
    uint32_t (*effect_count)(void);
    /* Required. The descriptor at `index` < effect_count(); static data, never NULL. */
    const th_effect_descriptor *(*get_effect)(uint32_t index);
    /* Optional. Extensions this plugin offers, by id ("vendor.name/revision"); NULL when not
     * offered. The host asks only after init. */
    const void *(*get_extension)(const char *extension_id);
} th_plugin_entry;

typedef const th_plugin_entry *(*th_plugin_get_entry_fn)(void);

/* ------------------------------------------------------------------------------------------
 * Calls by signature.
 *
 * Some plugin functions are called by the host through libffi, with a C signature the plugin
 * declares as text: the return type, then the parameter types in parentheses. For example
 * "d(did)" is  double f(double, int32_t, double).  The letters:
 *
 *   v void (return only)  b bool     c int8_t   C uint8_t   s int16_t   S uint16_t
 *   i int32_t  I uint32_t  l int64_t  L uint64_t f float     d double
 *   p void *              z const char * (NUL-terminated, valid only during the call)
 *   P th_point  Z th_size  R th_rect  K th_color    (by value)
 *
 * At most 16 parameters. A signature that does not parse, uses an unknown letter or has more
 * than 16 parameters is refused when the plugin loads, with the position of the fault. The
 * host prepares each signature's call interface once and keeps it while the plugin is loaded.
 * ---------------------------------------------------------------------------------------- */

/* Extension a PLUGIN offers: effects created by a typed constructor instead of
 * th_animator_interface.create (or th_presentation_interface.create).
 * entry.get_extension(TH_EXT_TYPED_CONSTRUCTORS) returns a const th_typed_constructors *. */
#define TH_EXT_TYPED_CONSTRUCTORS "th.typed-constructors/1"

typedef struct th_typed_constructor {
    uint32_t struct_size;  /* sizeof(th_typed_constructor) */
    uint32_t reserved;     /* zero */
    const char *effect_id; /* an animator or presentation-controller effect of this plugin */
    /* "p(I...)": returns the instance, as create would (NULL: cannot). The first parameter is
     * the TH_TRANSITION_* bit; then one per declared parameter, in declaration order, typed
     * to match it: TH_PARAM_DOUBLE as d or f; TH_PARAM_INT as an integer letter; TH_PARAM_BOOL
     * as b; TH_PARAM_ENUM as z (the choice id) or i/I (its index). */
    const char *signature;
    void (*function)(void); /* the constructor, cast to this type */
} th_typed_constructor;

typedef struct th_typed_constructors {
    uint32_t struct_size; /* sizeof(th_typed_constructors) */
    uint32_t count;       /* entries in `items`, at most 256 */
    const th_typed_constructor *items;
} th_typed_constructors;

/* Extension a PLUGIN offers: easing curves. Each is a plain C function whose first parameter
 * is the normalised time t in [0, 1] and whose result is the progress, with f(0) = 0 and
 * f(1) = 1. The host checks every curve with a few samples when it loads and refuses one that
 * fails. A curve is named "<plugin id>.<curve id>", with parameters in parentheses:
 * "easing.elastic(amplitude=1.2,period=0.3)"; the host evaluates it every frame.
 * entry.get_extension(TH_EXT_TIMING_CURVES) returns a const th_timing_curves *. */
#define TH_EXT_TIMING_CURVES "th.timing-curves/1"

typedef struct th_timing_curve {
    uint32_t struct_size; /* sizeof(th_timing_curve) */
    uint32_t param_count; /* 0..15 */
    const char *id;       /* [a-z][a-z0-9_-]*, unique in the plugin */
    const char *name;     /* shown to people */
    /* "d(d...)": returns the progress; t first, then one per parameter, each d, f, i or I. */
    const char *signature;
    void (*function)(void);
    const th_param_descriptor *params; /* param_count entries: ranges, defaults, units */
} th_timing_curve;

typedef struct th_timing_curves {
    uint32_t struct_size; /* sizeof(th_timing_curves) */
    uint32_t count;       /* entries in `items`, at most 256 */
    const th_timing_curve *items;
} th_timing_curves;

/* Extension the HOST offers: named curves for a plugin's own use.
 * host->get_extension(TH_EXT_HOST_CURVES) returns a const th_host_curves *. */
#define TH_EXT_HOST_CURVES "th.host-curves/1"

typedef double (*th_curve_fn)(double t);

typedef struct th_host_curves {
    uint32_t struct_size; /* sizeof(th_host_curves) */
    /* Writes a plain function double f(double t) that evaluates the named curve with the
     * given parameters ("easing.bounce(count=3)", or a standard one: "linear", "ease-in",
     * "ease-out", "ease-in-out", "default"). The host builds it (a libffi closure) and keeps
     * it until it exits; call f on the host's main thread, like the rest of the ABI.
     * `spec` is read during the call. TH_ERR_BAD_ARGUMENT for an unknown curve or a parameter
     * outside its range (the reason goes to the trace). */
    th_status (*curve_function)(const char *spec, th_curve_fn *out);
    /* As th_host_api.animate, but with the named curve; options->timing and options->curve
     * are ignored. */
    th_status (*animate_with_curve)(const th_animation_options *options, const char *spec,
                                    th_animations_fn animations, th_completion_fn completion,
                                    void *user_data);
} th_host_curves;

/* ------------------------------------------------------------------------------------------
 * Extension the HOST offers: keyframe animations (UIView.animateKeyframes).
 * host->get_extension(TH_EXT_HOST_KEYFRAMES) returns a const th_host_keyframes *.
 * ---------------------------------------------------------------------------------------- */
#define TH_EXT_HOST_KEYFRAMES "th.host-keyframes/1"

/* How values between keyframes are computed (CAKeyframeAnimation.calculationMode). */
enum {
    TH_KEYFRAMES_LINEAR = 0,   /* straight from each key value to the next */
    TH_KEYFRAMES_DISCRETE = 1, /* hold each value until the next key time */
    TH_KEYFRAMES_CUBIC = 2,    /* a smooth curve through all the key values */
    TH_KEYFRAMES_PACED = 3     /* ABI 1.2 (a 1.1 host refuses it): one speed from the first value
                                  to the last; the keyframes' own times are ignored, and each
                                  stretch takes time in proportion to how far it goes (a path:
                                  its length), as kCAAnimationPaced */
};

/* How a view moving along a path turns (ABI 1.2, add_keyframe_path): CAKeyframeAnimation's
 * rotationMode. */
enum {
    TH_PATH_ROTATE_NONE = 0,        /* the view keeps its transform */
    TH_PATH_ROTATE_AUTO = 1,        /* turned to the path's heading: level while it heads right */
    TH_PATH_ROTATE_AUTO_REVERSE = 2 /* half a turn further: level while it heads left */
};

typedef struct th_host_keyframes {
    uint32_t struct_size; /* sizeof(th_host_keyframes) */
    /* As th_host_api.animate, but the changes made inside each add_keyframe call of
     * `animations` become key values at that keyframe's start and end; `mode` is a
     * TH_KEYFRAMES_* value. The options' curve shapes the time of the whole animation. */
    th_status (*animate_keyframes)(const th_animation_options *options, uint32_t mode,
                                   th_animations_fn animations, th_completion_fn completion,
                                   void *user_data);
    /* Only inside animate_keyframes' `animations`: property changes made in `changes` run
     * from `relative_start` for `relative_duration`, both fractions of the whole duration in
     * [0, 1] (clamped). Runs `changes(user_data)` at once. TH_ERR_BAD_STATE elsewhere. */
    th_status (*add_keyframe)(double relative_start, double relative_duration,
                              th_animations_fn changes, void *user_data);

    /* --- ABI 1.2. Check TH_HAS_FIELD(keyframes, th_host_keyframes, add_keyframe_path) first:
     * a 1.1 host's extension ends before it. --- */

    /* Moves `view`'s centre along a path (CAKeyframeAnimation.path on a layer's position), as
     * a flight along an arc does. Only inside animate_keyframes' `animations`: called there
     * directly, the motion spans the whole animation; inside an add_keyframe's `changes`, that
     * keyframe's part of it. `count` elements (1 to TH_MAX_PATH_ELEMENTS, as set_mask_path's),
     * in the coordinates of the view's superview, as its centre is; read during the call and
     * copied. The view's centre goes to the path's first point when the motion begins (a view
     * elsewhere jumps there, as a layer does) and follows it to its end, which becomes the
     * model centre at once, as if set_frame had moved it there. How time is shared is the
     * animation's mode: TH_KEYFRAMES_LINEAR and _CUBIC give each element (a line, a curve, a
     * close) an equal share, moving evenly in a curve's parameter; _PACED one speed over the
     * whole length; _DISCRETE holds each element's start point. A move takes no time: the view
     * jumps to a new subpath. `rotation` (TH_PATH_ROTATE_*) turns the view to the path's
     * heading on top of its own transform for as long as the motion runs; when it ends the
     * view has its own transform back, so a path that does not end heading right (left, with
     * _AUTO_REVERSE) makes the view snap level, which the motion check reports. Changing the
     * centre (or, with a rotation, the transform) again in the same animate_keyframes call
     * adds keyframes after the path's. Called by animators and presentation controllers.
     * TH_ERR_BAD_STATE outside animate_keyframes' `animations`; TH_ERR_BAD_HANDLE for a bad
     * view; TH_ERR_BAD_ARGUMENT, reported as misuse with the rule, for a count of 0 or above
     * the limit (the elements are then not read), NULL `elements`, a kind not listed, a first
     * element that is not a move, a point that is not finite, or a rotation not listed. */
    th_status (*add_keyframe_path)(th_view view, uint32_t count, const th_path_element *elements,
                                   uint32_t rotation);
} th_host_keyframes;

/* ------------------------------------------------------------------------------------------
 * Extension the HOST offers: shared elements. A scene may give views on two screens the same
 * shared id (a thumbnail in a list and the header of the detail screen); an effect can then
 * move one into the other, as Hero does with its hero ids.
 * host->get_extension(TH_EXT_HOST_SHARED_ELEMENTS) returns a const th_host_shared_elements *.
 * ---------------------------------------------------------------------------------------- */
#define TH_EXT_HOST_SHARED_ELEMENTS "th.host-shared-elements/1"

typedef struct th_host_shared_elements {
    uint32_t struct_size; /* sizeof(th_host_shared_elements) */
    /* The views in `root`'s subtree (root included) that carry a shared id, back to front:
     * writes at most `capacity` handles to `out` (which may be NULL when capacity is 0) and
     * the number there are to *count. */
    th_status (*shared_views)(th_view root, th_view *out, uint32_t capacity, uint32_t *count);
    /* The view in `root`'s subtree with the same shared id as `view`, or {0} (TH_OK) when
     * there is none or `view` has no shared id. */
    th_status (*matching_view)(th_view view, th_view root, th_view *out);

    /* --- ABI 1.1, appended: per-view modifiers, as Hero's. Check TH_HAS_FIELD(shared,
     * th_host_shared_elements, modifiers) first: a 1.0 host's table ends above.
     * A scene file may give any view a "modifiers" text (docs/SCENES.md), such as
     * "fade scale(0.8) translate(0, 40) delay(0.05) curve(easeIn) spring(0.8, 0.4)": words
     * separated by spaces, each a name ([A-Za-z][A-Za-z0-9_-]*) alone or followed by
     * arguments in parentheses, each argument a decimal number or a name. The host checks
     * that syntax when it loads the scene (printable ASCII, at most TH_MAX_MODIFIERS_BYTES)
     * and refuses a scene that breaks it, so a plugin only ever reads well-formed text;
     * what the names mean belongs to the effect (the bundled `match` documents its own),
     * which ignores the names it does not know. Called by any effect, on the host's thread,
     * inside a call into the plugin, whenever it may touch views (typically from
     * animate_transition). Neither function changes the scene. --- */

    /* The views in `root`'s subtree (root included) that carry modifiers, back to front,
     * exactly as shared_views: at most `capacity` handles to `out` (NULL only when capacity
     * is 0) and the number there are to *count. */
    th_status (*modified_views)(th_view root, th_view *out, uint32_t capacity, uint32_t *count);
    /* The modifiers of `view`: writes to *length the text's length in bytes, without its
     * NUL (0 for a view without modifiers), and, when `capacity` > that length, the text and
     * a NUL to `buf`. `buf` is the plugin's (its stack or heap) and stays the plugin's: the
     * host writes into it only during this call and never more than `capacity` bytes; it
     * may be NULL only when capacity is 0, which asks for the length alone (TH_OK).
     * A buffer of TH_MAX_MODIFIERS_BYTES + 1 bytes always fits. A `capacity` that is not 0
     * but too small (<= the length) returns TH_ERR_BAD_ARGUMENT and writes nothing, not even
     * *length: ask with capacity 0 for the length. The text is never cut, since a cut list
     * ("scale(0.8) translate(0, 40)" cut to "scale(0.8)") would read as another one.
     * TH_ERR_BAD_ARGUMENT for a NULL `length` or a NULL `buf` with a capacity;
     * TH_ERR_BAD_HANDLE for a handle that is not a live view. On any error nothing is
     * written. */
    th_status (*modifiers)(th_view view, char *buf, uint32_t capacity, uint32_t *length);
} th_host_shared_elements;

/* The longest modifiers text a view can carry, in bytes without the NUL (ABI 1.1). */
#define TH_MAX_MODIFIERS_BYTES 255

/* ------------------------------------------------------------------------------------------
 * Extension the HOST offers (ABI 1.1): property animators (UIViewPropertyAnimator), with
 * UIKit's states and rules. host->get_extension(TH_EXT_HOST_PROPERTY_ANIMATORS) returns a
 * const th_host_property_animators *.
 *
 * An animator is TH_ANIMATING_INACTIVE when made: its animations wait at their start. start
 * or pause make it TH_ANIMATING_ACTIVE (running or paused); when every animation has reached
 * its end (or, reversed, its start) it is inactive again and its completions run once with
 * the position (TH_POSITION_END or _START). stop(false) makes it TH_ANIMATING_STOPPED, the
 * properties holding the values they had, until finish(position) sets them to their end
 * values, their start values or leaves them (_CURRENT) and runs the completions; stop(true)
 * makes it inactive at once with the properties where they were and no completion. A call
 * the state does not allow (UIKit raises an exception) is TH_ERR_BAD_STATE and changes
 * nothing, and is reported. Every function: on the host's thread, inside a call into the
 * plugin, as the rest of the ABI.
 * ---------------------------------------------------------------------------------------- */
#define TH_EXT_HOST_PROPERTY_ANIMATORS "th.host-property-animators/1"

enum { TH_ANIMATING_INACTIVE = 0, TH_ANIMATING_ACTIVE = 1, TH_ANIMATING_STOPPED = 2 }; /* UIViewAnimatingState */
enum { TH_POSITION_END = 0, TH_POSITION_START = 1, TH_POSITION_CURRENT = 2 };          /* UIViewAnimatingPosition */

/* A property animator's completion: runs once, with the TH_POSITION_* the animations ended at. */
typedef void (*th_position_fn)(void *user_data, uint32_t position);

typedef struct th_host_property_animators {
    uint32_t struct_size; /* sizeof(th_host_property_animators) */
    /* UIViewPropertyAnimator(duration:timingParameters:): an inactive animator with no
     * animations, timed by `timing` (duration, curve or spring; its delay must be 0). */
    th_status (*create)(const th_animation_options *timing, th_property_animator *out);
    /* addAnimations: runs `animations(user_data)` at once; the property changes it makes
     * animate with the animator's timing (on a running animator, over the time it has left).
     * TH_ERR_BAD_STATE when stopped. */
    th_status (*add_animations)(th_property_animator animator, th_animations_fn animations, void *user_data);
    /* addCompletion: `completion` (not NULL) runs once when the animator ends. */
    th_status (*add_completion)(th_property_animator animator, th_position_fn completion, void *user_data);
    /* startAnimation: runs from where it is, the way it points. An animator with no
     * animations ends at once (its completions run right after this call). */
    th_status (*start)(th_property_animator animator);
    /* pauseAnimation: holds where it is (an inactive animator becomes active and paused). */
    th_status (*pause)(th_property_animator animator);
    /* stopAnimation(without_finishing): see above. TH_ERR_BAD_STATE unless active. */
    th_status (*stop)(th_property_animator animator, bool without_finishing);
    /* finishAnimation(at:): a TH_POSITION_* value. TH_ERR_BAD_STATE unless stopped. */
    th_status (*finish)(th_property_animator animator, uint32_t position);
    /* fractionComplete: the share of its duration played, [0, 1] (clamped): the animations
     * show that time's values, their curve included. Setting it scrubs, and is
     * TH_ERR_BAD_STATE while running (pause first); NaN is TH_ERR_BAD_ARGUMENT. */
    th_status (*set_fraction_complete)(th_property_animator animator, double fraction);
    th_status (*get_fraction_complete)(th_property_animator animator, double *out);
    /* isReversed: a running animator turns around at once, a paused one at its next start or
     * continue. */
    th_status (*set_reversed)(th_property_animator animator, bool reversed);
    /* continueAnimation(withTimingParameters:durationFactor:): plays on to the end (the start,
     * reversed) over the remaining share of the duration times `duration_factor` (> 0), with
     * `timing`'s curve, or linearly when `timing` is NULL. TH_ERR_BAD_STATE unless active. */
    th_status (*continue_animation)(th_property_animator animator, const th_animation_options *timing, double duration_factor);
    /* state: a TH_ANIMATING_* value; is_running: active and not paused. */
    th_status (*state)(th_property_animator animator, uint32_t *out);
    th_status (*is_running)(th_property_animator animator, bool *out);
} th_host_property_animators;

/* ------------------------------------------------------------------------------------------
 * Extension the HOST offers (ABI 1.1): UIView.transition(from:to:duration:options:completion:),
 * the built-in flips and cross dissolve between two views, for an animator or presentation
 * controller that wants them without drawing them itself.
 * host->get_extension(TH_EXT_HOST_VIEW_TRANSITIONS) returns a const
 * th_host_view_transitions *, or NULL on a host without it.
 * ---------------------------------------------------------------------------------------- */
#define TH_EXT_HOST_VIEW_TRANSITIONS "th.host-view-transitions/1"

enum {
    TH_VIEW_TRANSITION_CROSS_DISSOLVE = 0,   /* from fades out as to fades in */
    TH_VIEW_TRANSITION_FLIP_FROM_LEFT = 1,   /* turns about the vertical axis, left edge first */
    TH_VIEW_TRANSITION_FLIP_FROM_RIGHT = 2,
    TH_VIEW_TRANSITION_FLIP_FROM_TOP = 3,    /* turns about the horizontal axis, top edge first */
    TH_VIEW_TRANSITION_FLIP_FROM_BOTTOM = 4
};

typedef struct th_host_view_transitions {
    uint32_t struct_size; /* sizeof(th_host_view_transitions) */
    /* Called by an animator or presentation controller, typically from animate_transition,
     * on the host's thread. At once: `to` goes just above `from` in `from`'s superview (moved
     * there if it was elsewhere). Then, over `options` (duration, delay and curve; a spring is
     * allowed; UIKit's is ease-in-out), `style`, a TH_VIEW_TRANSITION_* value, plays: a flip
     * turns `from` edge-on in the first half and `to` from edge-on to facing the viewer in the
     * second, in perspective; a cross dissolve fades them over each other. It is one animation,
     * so it follows the transition's scrub and is cut off, reversed or finished with it. At the
     * end `from` has left its superview, and both views have their own alpha and 3D transform
     * back; played back to its start (a cancelled interactive transition) `to` leaves instead.
     * Then `completion` (may be NULL) runs once with `user_data`, as animate's does.
     * Each view turns about its own centre: UIKit turns their superview, other subviews too;
     * the two agree when the views fill it.
     * TH_ERR_BAD_ARGUMENT for a NULL or bad `options` (as animate), a style outside the list,
     * `from` in no superview, `to` equal to `from` or containing `from`'s superview; then
     * nothing changes and no callback runs. */
    th_status (*transition)(th_view from, th_view to, uint32_t style, const th_animation_options *options,
                            th_completion_fn completion, void *user_data);
} th_host_view_transitions;

/* ------------------------------------------------------------------------------------------
 * ABI 1.0's sizes, frozen.
 *
 * Each struct's size as ABI 1.0 defined it: where its last 1.0 field ends (the number in the
 * comment is the value on 64-bit platforms, which layout_checks.c asserts). A later 1.x
 * header may append fields, so sizeof() grows there; these values never change.
 *
 *  - The HOST accepts a struct a plugin hands it (entry, descriptors, interfaces, animation
 *    options, the plugin's extensions) when its struct_size is at least the 1.0 size, so a
 *    plugin built against any 1.x header loads; it refuses a smaller one, naming the size it
 *    expected; and it reads a field added after 1.0 only when TH_HAS_FIELD says the plugin's
 *    struct has it, so a newer plugin is never misread by an older host.
 *  - A PLUGIN fills struct_size with sizeof() of its own header, and reads a field of a struct
 *    the host hands it (th_host_api, th_effect_config, the host's extensions) that was added
 *    after 1.0 only through TH_HAS_FIELD, since an older host passes the 1.0 struct.
 * ---------------------------------------------------------------------------------------- */
enum {
    TH_PLUGIN_ENTRY_SIZE_1_0 = TH_FIELD_END(th_plugin_entry, get_extension),                   /* 80 */
    TH_EFFECT_DESCRIPTOR_SIZE_1_0 = TH_FIELD_END(th_effect_descriptor, interface),             /* 64 */
    TH_PARAM_DESCRIPTOR_SIZE_1_0 = TH_FIELD_END(th_param_descriptor, choices),                 /* 72 */
    TH_ANIMATOR_INTERFACE_SIZE_1_0 = TH_FIELD_END(th_animator_interface, animation_ended),     /* 48 */
    TH_PRESENTATION_INTERFACE_SIZE_1_0 =
        TH_FIELD_END(th_presentation_interface, should_remove_presenters_view),                /* 80 */
    TH_DELEGATE_INTERFACE_SIZE_1_0 = TH_FIELD_END(th_delegate_interface, presentation_controller), /* 24 */
    TH_ANIMATION_OPTIONS_SIZE_1_0 = TH_FIELD_END(th_animation_options, spring_initial_velocity), /* 48 */
    TH_EFFECT_CONFIG_SIZE_1_0 = TH_FIELD_END(th_effect_config, params),                        /* 24 */
    TH_HOST_API_SIZE_1_0 = TH_FIELD_END(th_host_api, get_extension),                          /* 328 */
    TH_TYPED_CONSTRUCTOR_SIZE_1_0 = TH_FIELD_END(th_typed_constructor, function),              /* 32 */
    TH_TYPED_CONSTRUCTORS_SIZE_1_0 = TH_FIELD_END(th_typed_constructors, items),               /* 16 */
    TH_TIMING_CURVE_SIZE_1_0 = TH_FIELD_END(th_timing_curve, params),                          /* 48 */
    TH_TIMING_CURVES_SIZE_1_0 = TH_FIELD_END(th_timing_curves, items),                         /* 16 */
    TH_HOST_CURVES_SIZE_1_0 = TH_FIELD_END(th_host_curves, animate_with_curve),               /* 24 */
    TH_HOST_KEYFRAMES_SIZE_1_0 = TH_FIELD_END(th_host_keyframes, add_keyframe),                /* 24 */
    TH_HOST_SHARED_ELEMENTS_SIZE_1_0 = TH_FIELD_END(th_host_shared_elements, matching_view)    /* 24 */
};

/* ABI 1.1's new structs, at the size 1.1 defined; later 1.x headers may append to them too.
 * th_interaction_interface is a plugin's: the host accepts one at least this large (fill
 * struct_size with sizeof()). th_gesture_event is the host's: a plugin reads a field added
 * after 1.1 only when TH_HAS_FIELD says the host's event has it. */
enum {
    TH_INTERACTION_INTERFACE_SIZE_1_1 = TH_FIELD_END(th_interaction_interface, completion_curve), /* 56 */
    TH_GESTURE_EVENT_SIZE_1_1 = TH_FIELD_END(th_gesture_event, scale_velocity),                    /* 96 */
    TH_HOST_PROPERTY_ANIMATORS_SIZE_1_1 = TH_FIELD_END(th_host_property_animators, is_running),   /* 112 */
    TH_TRANSITION_SCREENS_SIZE_1_1 = TH_FIELD_END(th_transition_screens, source),                 /* 56 */
    TH_HOST_VIEW_TRANSITIONS_SIZE_1_1 = TH_FIELD_END(th_host_view_transitions, transition)        /* 16 */
};

/* ABI 1.1's sizes of the 1.0 structs that 1.1 appended to (the rest kept their 1.0 size in
 * 1.1), frozen as the 1.0 ones are: layout_checks.c asserts them. */
enum {
    TH_ANIMATOR_INTERFACE_SIZE_1_1 = TH_FIELD_END(th_animator_interface, interruptible_animator),         /* 56 */
    TH_PRESENTATION_INTERFACE_SIZE_1_1 = TH_FIELD_END(th_presentation_interface, presented_view),        /* 88 */
    TH_DELEGATE_INTERFACE_SIZE_1_1 = TH_FIELD_END(th_delegate_interface, animator_for_screens),         /* 40 */
    TH_HOST_API_SIZE_1_1 = TH_FIELD_END(th_host_api, resizable_snapshot_view),                           /* 528 */
    TH_HOST_SHARED_ELEMENTS_SIZE_1_1 = TH_FIELD_END(th_host_shared_elements, modifiers), /* 40 */
    TH_EFFECT_DESCRIPTOR_SIZE_1_1 = TH_EFFECT_DESCRIPTOR_SIZE_1_0                                       /* 64 */
};

#ifdef __cplusplus
}
#endif

#endif /* TRANSITION_HOST_H */
