/*
 * The window of `host run --window`, through SDL2, loaded with dlopen the first time a window
 * is opened. Linked, SDL and the libraries it needs (X11, Wayland, audio) would be mapped and
 * relocated at every start of the host, `host list` included, which never opens a window.
 * The types and constants come from SDL's headers (libsdl2-dev); the functions are found in
 * libSDL2-2.0.so.0 (libsdl2-2.0-0), whose ABI SDL keeps stable across 2.x.
 */
#define _GNU_SOURCE
#include "sdl_window.h"

#include <SDL2/SDL.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SDL_FUNCTIONS(F)                                                                              \
    F(int, SDL_Init, (Uint32 flags))                                                                  \
    F(const char *, SDL_GetError, (void))                                                             \
    F(SDL_bool, SDL_SetHint, (const char *name, const char *value))                                   \
    F(const char *, SDL_GetCurrentVideoDriver, (void))                                                \
    F(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags)) \
    F(void, SDL_DestroyWindow, (SDL_Window * window))                                                 \
    F(void, SDL_SetWindowTitle, (SDL_Window * window, const char *title))                             \
    F(void, SDL_ShowWindow, (SDL_Window * window))                                                    \
    F(int, SDL_GetWindowDisplayMode, (SDL_Window * window, SDL_DisplayMode * mode))                   \
    F(SDL_Surface *, SDL_GetWindowSurface, (SDL_Window * window))                                     \
    F(int, SDL_UpdateWindowSurface, (SDL_Window * window))                                            \
    F(int, SDL_LockSurface, (SDL_Surface * surface))                                                  \
    F(void, SDL_UnlockSurface, (SDL_Surface * surface))                                               \
    F(int, SDL_ConvertPixels, (int width, int height, Uint32 src_format, const void *src, int src_pitch, \
                               Uint32 dst_format, void *dst, int dst_pitch))                          \
    F(int, SDL_WaitEventTimeout, (SDL_Event * event, int timeout))                                    \
    F(int, SDL_PollEvent, (SDL_Event * event))                                                        \
    F(int, SDL_PushEvent, (SDL_Event * event))                                                        \
    F(SDL_Keymod, SDL_GetModState, (void))                                                           \
    F(int, SDL_SetClipboardText, (const char *text))                                                  \
    F(int, SDL_GetDisplayUsableBounds, (int displayIndex, SDL_Rect *rect))

#define DECLARE(ret, name, params) static ret(*p_##name) params;
SDL_FUNCTIONS(DECLARE)

static void *library;

struct th_window {
    SDL_Window *window;
    int width, height; /* points */
    /* The window's share of its points on the screen: below 1 when the display is too small
     * for it (a 1280 x 720 screen and an 844-point scene), so that all of it shows. */
    double fit;
};

static void say(char *why, size_t size, const char *text)
{
    if (why && size) snprintf(why, size, "%s", text);
}

bool th_window_load(const char *drivers, char *why, size_t size)
{
    if (library) return true;
    void *handle = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        char text[512];
        snprintf(text, sizeof text, "cannot load libSDL2-2.0.so.0 (install libsdl2-2.0-0): %s", dlerror());
        say(why, size, text);
        return false;
    }
#define RESOLVE(ret, name, params)                                                    \
    p_##name = (ret(*) params)dlsym(handle, #name);                                   \
    if (!p_##name) {                                                                  \
        say(why, size, "libSDL2-2.0.so.0 lacks " #name " (it needs SDL 2.0.18 or later)"); \
        return false;                                                                 \
    }
    SDL_FUNCTIONS(RESOLVE)
    /* The host's own Ctrl-C handling stays as it is; no audio, no screensaver change. */
    p_SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    p_SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
    p_SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers);
    if (p_SDL_Init(SDL_INIT_VIDEO) != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    /* Frames are drawn by the CPU (cairo), so the cheapest way to show one is the window's own
     * framebuffer. On X11 that is an image in memory shared with the X server (MIT-SHM); left
     * to itself SDL would put an OpenGL texture in between, which Mesa's software rasteriser
     * converts pixel by pixel: under Xvfb 3.4 ms to show a 390x844 picture, against 0.5 ms
     * through the shared image. Other drivers (Wayland) have no framebuffer of their own and
     * keep SDL's texture. Read when the first window surface is made. */
    const char *driver = p_SDL_GetCurrentVideoDriver();
    if (driver && strcmp(driver, "x11") == 0) p_SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    library = handle;
    return true;
}

static void warm_up(th_window *w);

th_window *th_window_open(const char *title, int width, int height, double zoom, char *why, size_t size)
{
    th_window *w = calloc(1, sizeof *w);
    if (!w) {
        say(why, size, "out of memory");
        return NULL;
    }
    w->width = width;
    w->height = height;
    w->fit = zoom > 0 ? zoom : 1;
    SDL_Rect usable;
    if (p_SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
        double across = (double)usable.w / width, down = (double)usable.h / height;
        double fit = across < down ? across : down;
        if (fit < w->fit) w->fit = fit;
    }
    /* Hidden until its framebuffer exists: where SDL backs it with an OpenGL texture, it
     * destroys the X window and creates another, and a window shown before that is one that
     * vanishes (a click sent to it by id fails with BadWindow). Shown once it is the window it
     * will stay. */
    int shownWidth = (int)(width * w->fit), shownHeight = (int)(height * w->fit);
    w->window = p_SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, shownWidth > 0 ? shownWidth : 1,
                                   shownHeight > 0 ? shownHeight : 1, SDL_WINDOW_HIDDEN | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!w->window || !p_SDL_GetWindowSurface(w->window)) {
        say(why, size, p_SDL_GetError());
        th_window_close(w);
        return NULL;
    }
    p_SDL_ShowWindow(w->window);
    warm_up(w);
    return w;
}

void th_window_set_title(th_window *w, const char *title) { p_SDL_SetWindowTitle(w->window, title); }

bool th_window_set_clipboard(const char *text, char *why, size_t size)
{
    if (p_SDL_SetClipboardText(text) == 0) return true;
    say(why, size, p_SDL_GetError());
    return false;
}

/* The window's framebuffer, made again by SDL when the window's size changed; NULL, with
 * why, when it cannot be. */
static SDL_Surface *framebuffer(th_window *w, char *why, size_t size)
{
    SDL_Surface *surface = p_SDL_GetWindowSurface(w->window);
    if (!surface) say(why, size, p_SDL_GetError());
    return surface;
}

void th_window_pixel_size(th_window *w, int *width, int *height)
{
    SDL_Surface *surface = framebuffer(w, NULL, 0);
    *width = surface ? surface->w : w->width;
    *height = surface ? surface->h : w->height;
}

int th_window_refresh_rate(th_window *w)
{
    SDL_DisplayMode mode;
    if (p_SDL_GetWindowDisplayMode(w->window, &mode) != 0) return 0;
    return mode.refresh_rate;
}

/* Copies `pixels` (cairo's ARGB32, rows `stride` bytes apart, the framebuffer's size) into the
 * framebuffer: row by row when its format is the same 32-bit layout (X11's usual XRGB), else
 * converted by SDL. */
static bool fill(SDL_Surface *surface, const void *pixels, int stride)
{
    if (p_SDL_LockSurface(surface) != 0) return false;
    bool filled = true;
    Uint32 format = surface->format->format;
    if (format == SDL_PIXELFORMAT_ARGB8888 || format == SDL_PIXELFORMAT_RGB888) {
        size_t row = (size_t)surface->w * 4;
        for (int y = 0; y < surface->h; y++)
            memcpy((char *)surface->pixels + (size_t)y * (size_t)surface->pitch, (const char *)pixels + (size_t)y * (size_t)stride, row);
    } else {
        filled = p_SDL_ConvertPixels(surface->w, surface->h, SDL_PIXELFORMAT_ARGB8888, pixels, stride, format,
                                     surface->pixels, surface->pitch) == 0;
    }
    p_SDL_UnlockSurface(surface);
    return filled;
}

/* Presents one black frame before the first: the first present sets up the shared image (or
 * the driver's texture), which would otherwise land on the transition's first frame. */
static void warm_up(th_window *w)
{
    SDL_Surface *surface = framebuffer(w, NULL, 0);
    if (!surface) return;
    void *black = calloc((size_t)surface->w * (size_t)surface->h, 4);
    if (black && fill(surface, black, surface->w * 4)) p_SDL_UpdateWindowSurface(w->window);
    free(black);
}

bool th_window_present(th_window *w, const void *pixels, int stride, char *why, size_t size)
{
    SDL_Surface *surface = framebuffer(w, why, size);
    if (!surface) return false;
    if (!fill(surface, pixels, stride) || p_SDL_UpdateWindowSurface(w->window) != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    return true;
}

bool th_window_refresh(th_window *w, char *why, size_t size)
{
    if (p_SDL_UpdateWindowSurface(w->window) != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    return true;
}

bool th_window_read(th_window *w, void *pixels, int stride, char *why, size_t size)
{
    /* The framebuffer keeps what the last present showed: read it back in cairo's layout. */
    SDL_Surface *surface = framebuffer(w, why, size);
    if (!surface) return false;
    if (p_SDL_LockSurface(surface) != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    int converted = p_SDL_ConvertPixels(surface->w, surface->h, surface->format->format, surface->pixels, surface->pitch,
                                        SDL_PIXELFORMAT_ARGB8888, pixels, stride);
    p_SDL_UnlockSurface(surface);
    if (converted != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    return true;
}

static th_window_key key_of(SDL_Keycode code)
{
    switch (code) {
    case SDLK_SPACE: return TH_WINDOW_KEY_SPACE;
    case SDLK_LEFT: return TH_WINDOW_KEY_LEFT;
    case SDLK_RIGHT: return TH_WINDOW_KEY_RIGHT;
    case SDLK_ESCAPE: return TH_WINDOW_KEY_ESCAPE;
    case SDLK_RETURN: return TH_WINDOW_KEY_RETURN;
    case SDLK_s: return TH_WINDOW_KEY_S;
    case SDLK_r: return TH_WINDOW_KEY_R;
    case SDLK_h: return TH_WINDOW_KEY_H;
    case SDLK_q: return TH_WINDOW_KEY_Q;
    case SDLK_m: return TH_WINDOW_KEY_M;
    case SDLK_TAB: return TH_WINDOW_KEY_TAB;
    case SDLK_MINUS: return TH_WINDOW_KEY_MINUS;
    case SDLK_EQUALS: return TH_WINDOW_KEY_EQUALS;
    case SDLK_LEFTBRACKET: return TH_WINDOW_KEY_LEFT_BRACKET;
    case SDLK_RIGHTBRACKET: return TH_WINDOW_KEY_RIGHT_BRACKET;
    case SDLK_0: return TH_WINDOW_KEY_0;
    case SDLK_c: return TH_WINDOW_KEY_C;
    case SDLK_f: return TH_WINDOW_KEY_F;
    case SDLK_p: return TH_WINDOW_KEY_P;
    case SDLK_k: return TH_WINDOW_KEY_K;
    case SDLK_t: return TH_WINDOW_KEY_T;
    case SDLK_b: return TH_WINDOW_KEY_B;
    case SDLK_g: return TH_WINDOW_KEY_G;
    default: return TH_WINDOW_KEY_OTHER;
    }
}

static int modifiers_of(Uint16 mod)
{
    return ((mod & KMOD_SHIFT) ? TH_WINDOW_MOD_SHIFT : 0) | ((mod & KMOD_CTRL) ? TH_WINDOW_MOD_CTRL : 0);
}

/* One SDL event as ours; false for the kinds the window does not read. */
static bool translate(const th_window *w, const SDL_Event *e, th_window_event *out)
{
    memset(out, 0, sizeof *out);
    out->time_ms = e->common.timestamp;
    switch (e->type) {
    case SDL_QUIT:
        out->kind = TH_WINDOW_EVENT_QUIT;
        return true;
    case SDL_KEYDOWN:
        out->kind = TH_WINDOW_EVENT_KEY;
        out->key = key_of(e->key.keysym.sym);
        out->modifiers = modifiers_of(e->key.keysym.mod);
        return true;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (e->button.button != SDL_BUTTON_LEFT) return false;
        out->kind = e->type == SDL_MOUSEBUTTONDOWN ? TH_WINDOW_EVENT_BUTTON_DOWN : TH_WINDOW_EVENT_BUTTON_UP;
        out->x = e->button.x / w->fit;
        out->y = e->button.y / w->fit;
        /* The keys held as the event is read (a button event carries none): Ctrl makes a
         * drag a pinch. */
        out->modifiers = modifiers_of((Uint16)p_SDL_GetModState());
        return true;
    case SDL_MOUSEMOTION:
        out->kind = TH_WINDOW_EVENT_MOTION;
        out->x = e->motion.x / w->fit;
        out->y = e->motion.y / w->fit;
        return true;
    case SDL_MOUSEWHEEL:
        out->kind = TH_WINDOW_EVENT_WHEEL;
        out->wheel = e->wheel.preciseY;
        return true;
    case SDL_USEREVENT:
        out->kind = TH_WINDOW_EVENT_WAKE;
        return true;
    case SDL_WINDOWEVENT:
        if (e->window.event != SDL_WINDOWEVENT_EXPOSED) return false;
        out->kind = TH_WINDOW_EVENT_EXPOSED;
        return true;
    default:
        return false;
    }
}

bool th_window_next_event(th_window *w, th_window_event *event, int timeout_ms)
{
    SDL_Event e;
    for (;;) {
        int got = timeout_ms > 0 ? p_SDL_WaitEventTimeout(&e, timeout_ms) : p_SDL_PollEvent(&e);
        if (!got) return false;
        if (translate(w, &e, event)) return true;
        timeout_ms = 0; /* an event we skip: look at what else is there, without waiting again */
    }
}

void th_window_wake(void)
{
    /* SDL_PushEvent may be called from any thread, and wakes a thread waiting for events. */
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_USEREVENT;
    if (library) p_SDL_PushEvent(&e);
}

void th_window_close(th_window *w)
{
    if (!w) return;
    if (w->window) p_SDL_DestroyWindow(w->window);
    free(w);
}
