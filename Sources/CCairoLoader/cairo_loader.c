/*
 * Cairo, loaded when first drawn with rather than when the host starts.
 *
 * Linking libcairo pulls fifteen libraries into every process (X11, xcb, fontconfig,
 * freetype, png, pixman, ...), and the dynamic loader maps and relocates all of them before
 * main: about 1.7 ms of each start on the machines the benchmark runs on, a fifth of a warm
 * `host list`, which never draws. So the host does not link cairo: each function the
 * renderer calls is defined here, and finds the real one in libcairo.so.2 (dlopen'ed once,
 * on the first call) and calls it. The types and constants still come from cairo's headers.
 *
 * A cairo function the renderer starts to use must be added to CAIRO_FUNCTIONS below; the
 * link fails with "undefined reference to cairo_..." until it is.
 */
#define _GNU_SOURCE
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void load_library(void) { library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL); }

/* The real function `name`; a host that cannot draw says why and ends (exit code 3, as when
 * an output cannot be written). */
static void *resolve(const char *name)
{
    pthread_once(&library_once, load_library);
    void *function = library ? dlsym(library, name) : NULL;
    if (!function) {
        fprintf(stderr, "error: cannot draw: %s %s (install libcairo2)\n",
                library ? "libcairo.so.2 lacks" : "cannot load libcairo.so.2:", library ? name : dlerror());
        exit(3);
    }
    return function;
}

/* Each function's pointer, resolved on its first call; a race resolves it twice, harmlessly. */
#define CAIRO_FORWARD(ret, name, params, args)                                    \
    ret name params                                                               \
    {                                                                             \
        static ret(*real) params;                                                 \
        ret(*f) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                \
        if (!f) {                                                                 \
            f = (ret(*) params)resolve(#name);                                    \
            __atomic_store_n(&real, f, __ATOMIC_RELEASE);                         \
        }                                                                         \
        return f args;                                                            \
    }

#define CAIRO_FUNCTIONS(F)                                                                                        \
    F(void, cairo_arc, (cairo_t * cr, double xc, double yc, double radius, double angle1, double angle2),          \
      (cr, xc, yc, radius, angle1, angle2))                                                                      \
    F(void, cairo_clip, (cairo_t * cr), (cr))                                                                    \
    F(void, cairo_clip_extents, (cairo_t * cr, double *x1, double *y1, double *x2, double *y2), (cr, x1, y1, x2, y2)) \
    F(void, cairo_fill_extents, (cairo_t * cr, double *x1, double *y1, double *x2, double *y2), (cr, x1, y1, x2, y2)) \
    F(void, cairo_close_path, (cairo_t * cr), (cr))                                                              \
    F(cairo_t *, cairo_create, (cairo_surface_t * target), (target))                                             \
    F(void, cairo_curve_to, (cairo_t * cr, double x1, double y1, double x2, double y2, double x3, double y3),   \
      (cr, x1, y1, x2, y2, x3, y3))                                                                              \
    F(void, cairo_destroy, (cairo_t * cr), (cr))                                                                 \
    F(void, cairo_fill, (cairo_t * cr), (cr))                                                                    \
    F(void, cairo_font_extents, (cairo_t * cr, cairo_font_extents_t * extents), (cr, extents))                   \
    F(cairo_font_options_t *, cairo_font_options_create, (void), ())                                             \
    F(void, cairo_font_options_destroy, (cairo_font_options_t * options), (options))                             \
    F(void, cairo_font_options_set_antialias, (cairo_font_options_t * options, cairo_antialias_t antialias),      \
      (options, antialias))                                                                                      \
    F(void, cairo_font_options_set_hint_metrics, (cairo_font_options_t * options, cairo_hint_metrics_t metrics),  \
      (options, metrics))                                                                                        \
    F(void, cairo_font_options_set_hint_style, (cairo_font_options_t * options, cairo_hint_style_t style),        \
      (options, style))                                                                                          \
    F(cairo_surface_t *, cairo_get_target, (cairo_t * cr), (cr))                                              \
    F(cairo_surface_t *, cairo_get_group_target, (cairo_t * cr), (cr))                                        \
    F(cairo_pattern_t *, cairo_get_source, (cairo_t * cr), (cr))                                              \
    F(void, cairo_get_matrix, (cairo_t * cr, cairo_matrix_t * matrix), (cr, matrix))                           \
    F(void, cairo_identity_matrix, (cairo_t * cr), (cr))                                                       \
    F(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height),              \
      (format, width, height))                                                                                   \
    F(cairo_surface_t *, cairo_image_surface_create_from_png, (const char *filename), (filename))                \
    F(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t * surface), (surface))                     \
    F(cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t * surface), (surface))                    \
    F(int, cairo_image_surface_get_height, (cairo_surface_t * surface), (surface))                               \
    F(int, cairo_image_surface_get_stride, (cairo_surface_t * surface), (surface))                               \
    F(int, cairo_image_surface_get_width, (cairo_surface_t * surface), (surface))                                \
    F(void, cairo_line_to, (cairo_t * cr, double x, double y), (cr, x, y))                                       \
    F(void, cairo_mask_surface, (cairo_t * cr, cairo_surface_t * surface, double x, double y), (cr, surface, x, y)) \
    F(void, cairo_matrix_multiply, (cairo_matrix_t * result, const cairo_matrix_t *a, const cairo_matrix_t *b), (result, a, b))\
    F(void, cairo_move_to, (cairo_t * cr, double x, double y), (cr, x, y))                                       \
    F(void, cairo_new_path, (cairo_t * cr), (cr))                                                                \
    F(void, cairo_new_sub_path, (cairo_t * cr), (cr))                                                            \
    F(void, cairo_paint, (cairo_t * cr), (cr))                                                                   \
    F(void, cairo_paint_with_alpha, (cairo_t * cr, double alpha), (cr, alpha))                                   \
    F(void, cairo_pattern_add_color_stop_rgba,                                                                   \
      (cairo_pattern_t * pattern, double offset, double red, double green, double blue, double alpha),          \
      (pattern, offset, red, green, blue, alpha))                                                                \
    F(cairo_pattern_t *, cairo_pattern_create_linear, (double x0, double y0, double x1, double y1), (x0, y0, x1, y1)) \
    F(cairo_pattern_t *, cairo_pattern_create_radial,                                                            \
      (double cx0, double cy0, double radius0, double cx1, double cy1, double radius1),                          \
      (cx0, cy0, radius0, cx1, cy1, radius1))                                                                    \
    F(void, cairo_pattern_destroy, (cairo_pattern_t * pattern), (pattern))                                       \
    F(void, cairo_pattern_set_extend, (cairo_pattern_t * pattern, cairo_extend_t extend), (pattern, extend))    \
    F(void, cairo_pattern_set_filter, (cairo_pattern_t * pattern, cairo_filter_t filter), (pattern, filter))    \
    F(void, cairo_pattern_set_matrix, (cairo_pattern_t * pattern, const cairo_matrix_t *matrix), (pattern, matrix)) \
    F(void, cairo_pop_group_to_source, (cairo_t * cr), (cr))                                                     \
    F(cairo_pattern_t *, cairo_pop_group, (cairo_t * cr), (cr))                                                  \
    F(cairo_status_t, cairo_pattern_get_surface, (cairo_pattern_t * pattern, cairo_surface_t * *surface), (pattern, surface))\
    F(void, cairo_push_group, (cairo_t * cr), (cr))                                                              \
    F(void, cairo_rectangle, (cairo_t * cr, double x, double y, double width, double height), (cr, x, y, width, height)) \
    F(void, cairo_restore, (cairo_t * cr), (cr))                                                                 \
    F(void, cairo_save, (cairo_t * cr), (cr))                                                                    \
    F(void, cairo_scale, (cairo_t * cr, double sx, double sy), (cr, sx, sy))                                     \
    F(void, cairo_select_font_face,                                                                              \
      (cairo_t * cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight),                  \
      (cr, family, slant, weight))                                                                               \
    F(void, cairo_set_dash, (cairo_t * cr, const double *dashes, int num_dashes, double offset),                 \
      (cr, dashes, num_dashes, offset))                                                                          \
    F(void, cairo_set_fill_rule, (cairo_t * cr, cairo_fill_rule_t fill_rule), (cr, fill_rule))                   \
    F(void, cairo_set_font_options, (cairo_t * cr, const cairo_font_options_t *options), (cr, options))          \
    F(void, cairo_set_font_size, (cairo_t * cr, double size), (cr, size))                                        \
    F(void, cairo_set_line_join, (cairo_t * cr, cairo_line_join_t line_join), (cr, line_join))                   \
    F(void, cairo_set_line_width, (cairo_t * cr, double width), (cr, width))                                     \
    F(void, cairo_set_matrix, (cairo_t * cr, const cairo_matrix_t *matrix), (cr, matrix))                      \
    F(void, cairo_set_operator, (cairo_t * cr, cairo_operator_t op), (cr, op))                                   \
    F(void, cairo_set_source, (cairo_t * cr, cairo_pattern_t * source), (cr, source))                           \
    F(void, cairo_set_source_rgba, (cairo_t * cr, double red, double green, double blue, double alpha),          \
      (cr, red, green, blue, alpha))                                                                             \
    F(void, cairo_set_source_surface, (cairo_t * cr, cairo_surface_t * surface, double x, double y),             \
      (cr, surface, x, y))                                                                                       \
    F(void, cairo_show_text, (cairo_t * cr, const char *utf8), (cr, utf8))                                       \
    F(const char *, cairo_status_to_string, (cairo_status_t status), (status))                                   \
    F(void, cairo_stroke, (cairo_t * cr), (cr))                                                                  \
    F(cairo_surface_type_t, cairo_surface_get_type, (cairo_surface_t * surface), (surface))                     \
    F(void, cairo_surface_destroy, (cairo_surface_t * surface), (surface))                                       \
    F(void, cairo_surface_finish, (cairo_surface_t * surface), (surface))                                        \
    F(void, cairo_surface_flush, (cairo_surface_t * surface), (surface))                                         \
    F(void, cairo_surface_get_device_offset, (cairo_surface_t * surface, double *x, double *y), (surface, x, y)) \
    F(void, cairo_surface_mark_dirty, (cairo_surface_t * surface), (surface))                                    \
    F(cairo_surface_t *, cairo_surface_reference, (cairo_surface_t * surface), (surface))                        \
    F(cairo_status_t, cairo_surface_status, (cairo_surface_t * surface), (surface))                              \
    F(cairo_status_t, cairo_surface_write_to_png, (cairo_surface_t * surface, const char *filename),             \
      (surface, filename))                                                                                       \
    F(cairo_status_t, cairo_surface_write_to_png_stream,                                                         \
      (cairo_surface_t * surface, cairo_write_func_t write, void *closure), (surface, write, closure))           \
    F(cairo_surface_t *, cairo_svg_surface_create, (const char *filename, double width, double height),          \
      (filename, width, height))                                                                                 \
    F(void, cairo_text_extents, (cairo_t * cr, const char *utf8, cairo_text_extents_t *extents),                 \
      (cr, utf8, extents))                                                                                       \
    F(void, cairo_transform, (cairo_t * cr, const cairo_matrix_t *matrix), (cr, matrix))                         \
    F(void, cairo_translate, (cairo_t * cr, double tx, double ty), (cr, tx, ty))

CAIRO_FUNCTIONS(CAIRO_FORWARD)
