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
    F(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags)) \
    F(void, SDL_DestroyWindow, (SDL_Window * window))                                                 \
    F(void, SDL_SetWindowTitle, (SDL_Window * window, const char *title))                             \
    F(void, SDL_ShowWindow, (SDL_Window * window))                                                    \
    F(int, SDL_GetWindowDisplayMode, (SDL_Window * window, SDL_DisplayMode * mode))                   \
    F(SDL_Renderer *, SDL_CreateRenderer, (SDL_Window * window, int index, Uint32 flags))             \
    F(void, SDL_DestroyRenderer, (SDL_Renderer * renderer))                                           \
    F(int, SDL_GetRendererOutputSize, (SDL_Renderer * renderer, int *w, int *h))                      \
    F(SDL_Texture *, SDL_CreateTexture, (SDL_Renderer * renderer, Uint32 format, int access, int w, int h)) \
    F(void, SDL_DestroyTexture, (SDL_Texture * texture))                                              \
    F(int, SDL_UpdateTexture, (SDL_Texture * texture, const SDL_Rect *rect, const void *pixels, int pitch)) \
    F(int, SDL_RenderCopy, (SDL_Renderer * renderer, SDL_Texture *texture, const SDL_Rect *src, const SDL_Rect *dst)) \
    F(void, SDL_RenderPresent, (SDL_Renderer * renderer))                                             \
    F(int, SDL_RenderReadPixels, (SDL_Renderer * renderer, const SDL_Rect *rect, Uint32 format, void *pixels, int pitch)) \
    F(int, SDL_WaitEventTimeout, (SDL_Event * event, int timeout))                                    \
    F(int, SDL_PollEvent, (SDL_Event * event))                                                        \
    F(int, SDL_PushEvent, (SDL_Event * event))                                                        \
    F(SDL_Keymod, SDL_GetModState, (void))

#define DECLARE(ret, name, params) static ret(*p_##name) params;
SDL_FUNCTIONS(DECLARE)

static void *library;

struct th_window {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    int texture_width, texture_height;
    int width, height; /* points */
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
    library = handle;
    return true;
}

static void warm_up(th_window *w);

th_window *th_window_open(const char *title, int width, int height, char *why, size_t size)
{
    th_window *w = calloc(1, sizeof *w);
    if (!w) {
        say(why, size, "out of memory");
        return NULL;
    }
    w->width = width;
    w->height = height;
    /* Hidden until its renderer exists: an OpenGL renderer makes SDL destroy the X window and
     * create another, and a window shown before that is one that vanishes (a click sent to it
     * by id fails with BadWindow). Shown once it is the window it will stay. */
    w->window = p_SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                   SDL_WINDOW_HIDDEN | SDL_WINDOW_ALLOW_HIGHDPI);
    if (w->window) w->renderer = p_SDL_CreateRenderer(w->window, -1, 0);
    if (!w->window || !w->renderer) {
        say(why, size, p_SDL_GetError());
        th_window_close(w);
        return NULL;
    }
    p_SDL_ShowWindow(w->window);
    warm_up(w);
    return w;
}

void th_window_set_title(th_window *w, const char *title) { p_SDL_SetWindowTitle(w->window, title); }

void th_window_pixel_size(th_window *w, int *width, int *height)
{
    if (p_SDL_GetRendererOutputSize(w->renderer, width, height) != 0) {
        *width = w->width;
        *height = w->height;
    }
}

int th_window_refresh_rate(th_window *w)
{
    SDL_DisplayMode mode;
    if (p_SDL_GetWindowDisplayMode(w->window, &mode) != 0) return 0;
    return mode.refresh_rate;
}

/* The streaming texture frames are uploaded to, at the window's pixel size (made again when
 * that changes). False, with why, when it cannot be made. */
static bool ensure_texture(th_window *w, int width, int height, char *why, size_t size)
{
    if (w->texture && w->texture_width == width && w->texture_height == height) return true;
    if (w->texture) p_SDL_DestroyTexture(w->texture);
    w->texture = p_SDL_CreateTexture(w->renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, width, height);
    if (!w->texture) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    w->texture_width = width;
    w->texture_height = height;
    return true;
}

/* Makes the texture and presents it once, black, before the first frame: the first upload and
 * present set up the driver's buffers and shaders (about 20 ms under Xvfb's software OpenGL),
 * which would otherwise land on the transition's first frame. */
static void warm_up(th_window *w)
{
    int width, height;
    th_window_pixel_size(w, &width, &height);
    void *black = calloc((size_t)width * (size_t)height, 4);
    if (black && ensure_texture(w, width, height, NULL, 0) && p_SDL_UpdateTexture(w->texture, NULL, black, width * 4) == 0 &&
        p_SDL_RenderCopy(w->renderer, w->texture, NULL, NULL) == 0) {
        p_SDL_RenderPresent(w->renderer);
    }
    free(black);
}

bool th_window_present(th_window *w, const void *pixels, int stride, char *why, size_t size)
{
    int width, height;
    th_window_pixel_size(w, &width, &height);
    if (!ensure_texture(w, width, height, why, size)) return false;
    if (p_SDL_UpdateTexture(w->texture, NULL, pixels, stride) != 0 ||
        p_SDL_RenderCopy(w->renderer, w->texture, NULL, NULL) != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    p_SDL_RenderPresent(w->renderer);
    return true;
}

bool th_window_read(th_window *w, void *pixels, int stride, char *why, size_t size)
{
    /* After a present the back buffer's content is undefined: draw the last picture again. */
    if (w->texture && p_SDL_RenderCopy(w->renderer, w->texture, NULL, NULL) != 0) {
        say(why, size, p_SDL_GetError());
        return false;
    }
    if (p_SDL_RenderReadPixels(w->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, pixels, stride) != 0) {
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
    default: return TH_WINDOW_KEY_OTHER;
    }
}

static int modifiers_of(Uint16 mod)
{
    return ((mod & KMOD_SHIFT) ? TH_WINDOW_MOD_SHIFT : 0) | ((mod & KMOD_CTRL) ? TH_WINDOW_MOD_CTRL : 0);
}

/* One SDL event as ours; false for the kinds the window does not read. */
static bool translate(const SDL_Event *e, th_window_event *out)
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
        out->x = e->button.x;
        out->y = e->button.y;
        /* The keys held as the event is read (a button event carries none): Ctrl makes a
         * drag a pinch. */
        out->modifiers = modifiers_of((Uint16)p_SDL_GetModState());
        return true;
    case SDL_MOUSEMOTION:
        out->kind = TH_WINDOW_EVENT_MOTION;
        out->x = e->motion.x;
        out->y = e->motion.y;
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
    (void)w;
    SDL_Event e;
    for (;;) {
        int got = timeout_ms > 0 ? p_SDL_WaitEventTimeout(&e, timeout_ms) : p_SDL_PollEvent(&e);
        if (!got) return false;
        if (translate(&e, event)) return true;
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
    if (w->texture) p_SDL_DestroyTexture(w->texture);
    if (w->renderer) p_SDL_DestroyRenderer(w->renderer);
    if (w->window) p_SDL_DestroyWindow(w->window);
    free(w);
}
