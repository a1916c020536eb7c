/*
 * A window on the display, through SDL2: what `host run --window` shows frames in and reads
 * the pointer and the keys from. SDL is not linked: libSDL2-2.0.so.0 is loaded by
 * th_window_load, the first time a command opens a window, so `host list` and every other
 * command pay nothing for it (the same reason CCairoLoader loads cairo on first use).
 *
 * Every function but th_window_wake is called from the thread that called th_window_load
 * (SDL's video functions must run on one thread). Error texts are written into `why` (at most `size`
 * bytes, NUL-terminated); they come from SDL and the dynamic loader, never from a plugin.
 */
#ifndef TRANSITION_HOST_SDL_WINDOW_H
#define TRANSITION_HOST_SDL_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct th_window th_window;

/* What happened at the window, in the window's points (SDL's window coordinates). */
typedef enum {
    TH_WINDOW_EVENT_NONE = 0,
    TH_WINDOW_EVENT_QUIT,        /* the window was closed (its close button, the window manager) */
    TH_WINDOW_EVENT_KEY,         /* a key went down (key, modifiers) */
    TH_WINDOW_EVENT_BUTTON_DOWN, /* the left button went down at (x, y) */
    TH_WINDOW_EVENT_BUTTON_UP,   /* the left button went up at (x, y) */
    TH_WINDOW_EVENT_MOTION,      /* the pointer moved to (x, y), buttons held or not */
    TH_WINDOW_EVENT_WHEEL,       /* the wheel turned by `wheel` notches (up positive) */
    TH_WINDOW_EVENT_EXPOSED,     /* the window needs drawing again */
    TH_WINDOW_EVENT_WAKE,        /* th_window_wake was called (from any thread) */
} th_window_event_kind;

typedef enum {
    TH_WINDOW_KEY_OTHER = 0,
    TH_WINDOW_KEY_SPACE,
    TH_WINDOW_KEY_LEFT,
    TH_WINDOW_KEY_RIGHT,
    TH_WINDOW_KEY_ESCAPE,
    TH_WINDOW_KEY_RETURN,
    TH_WINDOW_KEY_S,
    TH_WINDOW_KEY_R,
    TH_WINDOW_KEY_H,
    TH_WINDOW_KEY_Q,
    TH_WINDOW_KEY_M,
    /* The studio's (host studio). */
    TH_WINDOW_KEY_TAB,
    TH_WINDOW_KEY_MINUS,
    TH_WINDOW_KEY_EQUALS,
    TH_WINDOW_KEY_LEFT_BRACKET,
    TH_WINDOW_KEY_RIGHT_BRACKET,
    TH_WINDOW_KEY_0,
    TH_WINDOW_KEY_C,
    TH_WINDOW_KEY_F,
    TH_WINDOW_KEY_P,
    TH_WINDOW_KEY_K,
    TH_WINDOW_KEY_T,
    TH_WINDOW_KEY_B,
    TH_WINDOW_KEY_G,
} th_window_key;

#define TH_WINDOW_MOD_SHIFT 1
#define TH_WINDOW_MOD_CTRL 2

typedef struct {
    th_window_event_kind kind;
    th_window_key key;
    int modifiers;     /* TH_WINDOW_MOD_*: of a key, or held at a button's press or release */
    double x, y;       /* in points, from the window's top-left corner */
    double wheel;      /* notches, up (away from the user) positive */
    uint32_t time_ms;  /* SDL's timestamp: milliseconds since SDL started */
} th_window_event;

/* Loads libSDL2-2.0.so.0 and starts its video subsystem on one of `drivers` (SDL's names,
 * comma-separated, such as "x11,wayland"; SDL_VIDEODRIVER in the environment wins), never
 * on an off-screen one, which would show nothing to anyone. False, with why, when the
 * library is missing or there is no display to show a window on. Once loaded, later calls
 * return true at once. */
bool th_window_load(const char *drivers, char *why, size_t size);

/* Opens a window of width × height points, titled `title` (UTF-8), centred on the screen, at
 * `zoom` screen pixels per point (1 as a device shows it; 2 twice as large); on a screen too
 * small for that, as large as fits, its shape kept (the pointer's events are in points either
 * way). NULL, with why, when it cannot be made. */
th_window *th_window_open(const char *title, int width, int height, double zoom, char *why, size_t size);

/* Sets the window's title (UTF-8). */
void th_window_set_title(th_window *window, const char *title);

/* Puts `text` (UTF-8) on the desktop's clipboard; false when it could not, with why. */
bool th_window_set_clipboard(const char *text, char *why, size_t size);

/* The window's drawable size in pixels: its size in points times the display's scale. */
void th_window_pixel_size(th_window *window, int *width, int *height);

/* The display's refresh rate in Hz, or 0 when the display does not say. */
int th_window_refresh_rate(th_window *window);

/* Shows a picture of the window's pixel size: 32-bit words 0xAARRGGBB (cairo's ARGB32),
 * rows `stride` bytes apart, copied into the window's framebuffer (on X11 an image shared with
 * the X server) and shown. False, with why, on failure. */
bool th_window_present(th_window *window, const void *pixels, int stride, char *why, size_t size);

/* Shows the last picture presented again, from the framebuffer, which keeps it: for when the
 * window was uncovered or mapped again (TH_WINDOW_EVENT_EXPOSED), as the X server keeps no copy
 * of a window's content. False, with why, on failure. */
bool th_window_refresh(th_window *window, char *why, size_t size);

/* Reads back what the window shows now (what the last th_window_present drew) into
 * `pixels`, as th_window_present takes them. False, with why, on failure. */
bool th_window_read(th_window *window, void *pixels, int stride, char *why, size_t size);

/* The next event, waiting at most timeout_ms milliseconds (0: only what is already there).
 * False when none came. */
bool th_window_next_event(th_window *window, th_window_event *event, int timeout_ms);

/* Makes the thread waiting in th_window_next_event (or its next call) return a
 * TH_WINDOW_EVENT_WAKE. The one function that may be called from any thread, once SDL is
 * loaded (before, it does nothing): how work done on another thread (a plugin rebuilt, under
 * --watch) reaches the window's loop without it polling. */
void th_window_wake(void);

/* Closes the window. The library stays loaded. */
void th_window_close(th_window *window);

#endif
