/*
 * Internal to CResample: one bilinear sample of the flat picture, shared by the plain-C loop
 * (projective_resample.c) and the SSE2 one (resample_block_sse2.c), which gives the same
 * bits for the samples it blends four at a time and hands the rest to this one.
 *
 * Positions are in 1/65536ths of a pixel, offset by one pixel so that the picture's
 * one-pixel fringe is positive: the sample at x blends pixel columns (x >> 16) - 1 and
 * x >> 16, weighted by the fraction (x >> 8) & 255 in 1/256ths; rows likewise.
 */
#ifndef RESAMPLE_SAMPLE_H
#define RESAMPLE_SAMPLE_H

#include <stdint.h>

/* Points with w at or below this are behind the eye (or at infinity): nothing is drawn there. */
#define RESAMPLE_MIN_W 1e-12

/* The pixel at (i, j), or clear outside the picture. */
static inline uint32_t resample_pixel_at(const uint32_t *p, int stride, int width, int height, int i, int j)
{
    return i >= 0 && j >= 0 && i < width && j < height ? p[(long)j * stride + i] : 0;
}

/* The four pixels blended with weights in 1/256ths that sum to 256: two channels at a time,
 * each in a 16-bit lane of its own, where 255 x 256 still fits. */
static inline uint32_t resample_blend(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11, uint32_t fx, uint32_t fy)
{
    const uint32_t lanes = 0x00FF00FFu;
    uint32_t w11 = (fx * fy + 128) >> 8, w10 = fx - w11, w01 = fy - w11, w00 = 256 - w10 - w01 - w11;
    uint32_t rb = (c00 & lanes) * w00 + (c10 & lanes) * w10 + (c01 & lanes) * w01 + (c11 & lanes) * w11;
    uint32_t ag = ((c00 >> 8) & lanes) * w00 + ((c10 >> 8) & lanes) * w10 + ((c01 >> 8) & lanes) * w01
        + ((c11 >> 8) & lanes) * w11;
    /* Rounded to the nearest: + 128 in each lane before the fraction is dropped. */
    rb = ((rb + 0x00800080u) >> 8) & lanes;
    ag = (ag + 0x00800080u) & ~lanes;
    return rb | ag;
}

/* The sample at (x, y), anywhere: clear where it is wholly outside the picture, the missing
 * neighbours clear along its edges. */
static inline uint32_t resample_sample(const uint32_t *source, int width, int height, int stride, int64_t x, int64_t y)
{
    if (x <= 0 || y <= 0 || x >= ((int64_t)width + 1) << 16 || y >= ((int64_t)height + 1) << 16) return 0;
    int i = (int)(x >> 16) - 1, j = (int)(y >> 16) - 1;
    uint32_t c00 = resample_pixel_at(source, stride, width, height, i, j);
    uint32_t c10 = resample_pixel_at(source, stride, width, height, i + 1, j);
    uint32_t c01 = resample_pixel_at(source, stride, width, height, i, j + 1);
    uint32_t c11 = resample_pixel_at(source, stride, width, height, i + 1, j + 1);
    if ((c00 | c10 | c01 | c11) == 0) return 0;
    return resample_blend(c00, c10, c01, c11, (uint32_t)(x >> 8) & 255, (uint32_t)(y >> 8) & 255);
}

#if defined(__SSE2__) && !defined(PROJECTIVE_RESAMPLE_SCALAR)
#define RESAMPLE_HAS_SSE2 1
/*
 * Canvas pixels [0, n) of one row, pixel k at homogeneous (u + k du, v + k dv, w + k dw)
 * before the division: what projective_resample's plain loop does, in single precision, four
 * pixels at a time. Needs the picture and its stride under 32768 pixels (offsets are
 * computed in 16-bit lanes) and n <= RESAMPLE_BLOCK (positions are computed in floats from
 * the block's start).
 */
void resample_block_sse2(const uint32_t *source, int width, int height, int stride, uint32_t *out, int n,
                         double u, double v, double w, double du, double dv, double dw);
#endif

#if (defined(__x86_64__) || defined(__i386__)) && RESAMPLE_HAS_SSE2 && (defined(__clang__) || defined(__GNUC__))
#define RESAMPLE_HAS_AVX2 1
/* The same, eight pixels at a time; only for processors with AVX2 and FMA (see
 * projective_resample.c, which asks). */
void resample_block_avx2(const uint32_t *source, int width, int height, int stride, uint32_t *out, int n,
                         double u, double v, double w, double du, double dv, double dw);
#endif

/* How many pixels of a row one call of resample_block_sse2 takes: short enough that the
 * floats' rounding stays far below the weights' 1/256ths of a pixel. */
#define RESAMPLE_BLOCK 64

#endif
