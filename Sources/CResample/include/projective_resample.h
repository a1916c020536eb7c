/*
 * The inner loop of a 3D-transformed view's drawing (Rendering's ProjectedLayer): carries a
 * finished flat picture onto the canvas through a projective map, one bilinear sample per
 * canvas pixel. In C because it runs for every pixel the view covers, every frame, where the
 * same loop in Swift takes about twice as long (docs/PERFORMANCE.md).
 */
#ifndef PROJECTIVE_RESAMPLE_H
#define PROJECTIVE_RESAMPLE_H

#include <stdint.h>

/*
 * Fills rows [first_row, end_row) of `out` (out_width pixels wide, `out_stride` pixels a row,
 * its pixel (0, 0) being canvas pixel (origin_x, origin_y)) with bilinear samples of `source`
 * (width x height, `source_stride` pixels a row) taken at the canvas pixels' centres mapped
 * through `inverse`, the 3x3 matrix { a, b, c, d, e, f, g, h, i } for row vectors:
 * (x, y, 1) * M = (u, v, w), sampled at (u / w, v / w). Transparent where the sample falls
 * outside the source or behind the eye (w <= 0). Premultiplied ARGB32 pixels, blended as they
 * are with weights in 1/256ths. Called by ProjectedLayer, from one or two threads at once on
 * rows of their own; the caller owns both buffers and nothing is kept.
 */
void projective_resample(const uint32_t *source, int width, int height, int source_stride,
                         uint32_t *out, int out_width, int first_row, int end_row, int out_stride,
                         int origin_x, int origin_y, const double inverse[9]);

#endif
