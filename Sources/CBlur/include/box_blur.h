#ifndef BOX_BLUR_H
#define BOX_BLUR_H

#include <stdint.h>

/*
 * The renderer's blurs, pixel by pixel: the shadow's mask (8-bit alpha) and the backdrop and
 * layer blurs (ARGB32, averaged down by blocks and blurred as floats). In C, as the
 * projective resampler is, so that these loops are fast in a debug build too, where the
 * tests draw every frame of their runs. Rendering's LayerShadow and LayerBlur call them.
 * Each blur is three box blurs of half-width `half` across the rows, then three down the
 * columns, which together come within a few percent of a Gaussian.
 */

/* Blurs `data` (an A8 image of `width` × `height`, rows `stride` bytes apart) in place.
 * Pixels beyond the edges count as transparent; each pass rounds to the nearest level. */
void box_blur_a8(uint8_t *data, int width, int height, int stride, int half);

/* The mean of each block of `factor` × `factor` pixels of the part [x0, x1) × [y0, y1) of
 * the ARGB32 image `data`, read from every `step`-th pixel of every `step`-th row of it,
 * into `out`: `out_width` × `out_height` pixels of four floats in the image's byte order
 * (B, G, R, A on a little-endian machine), premultiplied as the image is. */
void box_blur_downsample_argb(const uint8_t *data, int stride, int x0, int y0, int x1, int y1, int factor, int step,
                              float *out, int out_width, int out_height);

/* Blurs `pixels` (`width` × `height` pixels of four floats) in place. `clamp_edges`: beyond
 * the edges the edge pixels continue; otherwise they are transparent there. */
void box_blur_rgba_float(float *pixels, int width, int height, int half, int clamp_edges);

/* Writes `pixels` (four floats each) into the ARGB32 image `out` (rows `stride` bytes
 * apart), rounded, each channel at most the alpha (premultiplied). */
void box_blur_store_argb(const float *pixels, int width, int height, uint8_t *out, int stride);

/* Paints the ARGB32 picture `src` (`src_width` × `src_height`, rows `src_stride` bytes apart),
 * each of its pixels `factor` output pixels across, its top-left corner at output pixel
 * (`src_x`, `src_y`), into the pixels [x0, x1) × [y0, y1) of the ARGB32 image `out`, scaled up
 * with bilinear filtering and faded by `opacity` (in [0, 1]); beyond its edges its edge pixels
 * continue. Each output pixel is
 * worked out from its own position alone, so a part painted is the same as that part of the
 * whole: LayerBlur paints a backdrop only where it can be seen. Premultiplied in, premultiplied
 * out (a blend of premultiplied pixels stays one). */
void box_blur_upscale_argb(const uint8_t *src, int src_stride, int src_width, int src_height, int factor, int src_x, int src_y,
                           float opacity, uint8_t *out, int out_stride, int x0, int y0, int x1, int y1);

#endif
