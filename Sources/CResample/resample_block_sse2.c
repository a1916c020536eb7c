#include "resample_sample.h"

#ifdef RESAMPLE_HAS_SSE2
#include <emmintrin.h>

/*
 * The four neighbours of four samples that are all inside the picture, blended with the same
 * sums as resample_blend(): each pixel's channels in two 16-bit lanes (blue and red, green
 * and alpha), so that one 16-bit multiply weighs a channel pair of four pixels at once and
 * 255 x 256 still fits.
 */
static inline __m128i blend4(const uint32_t *source, int stride, __m128i xs, __m128i ys)
{
    /* An offset is column + row x stride, one 16-bit multiply-add; a sample's x >> 16 and
     * y >> 16 are its top-left neighbour's column and row one on: less a row and a pixel. */
    __m128i offsets = _mm_madd_epi16(_mm_or_si128(_mm_srli_epi32(xs, 16), _mm_slli_epi32(_mm_srli_epi32(ys, 16), 16)),
                                     _mm_set1_epi32((int)((uint32_t)stride << 16 | 1)));
    offsets = _mm_sub_epi32(offsets, _mm_set1_epi32(stride + 1));
    const uint32_t *p0 = source + _mm_cvtsi128_si32(offsets);
    const uint32_t *p1 = source + _mm_cvtsi128_si32(_mm_srli_si128(offsets, 4));
    const uint32_t *p2 = source + _mm_cvtsi128_si32(_mm_srli_si128(offsets, 8));
    const uint32_t *p3 = source + _mm_cvtsi128_si32(_mm_srli_si128(offsets, 12));
    /* A sample's two neighbours in a row come in one 8-byte load; the four top pairs and the
     * four bottom pairs are then sorted into left and right pixels. */
#define PAIR(p) _mm_loadl_epi64((const __m128i *)(p))
    __m128 top01 = _mm_castsi128_ps(_mm_unpacklo_epi64(PAIR(p0), PAIR(p1)));
    __m128 top23 = _mm_castsi128_ps(_mm_unpacklo_epi64(PAIR(p2), PAIR(p3)));
    __m128 bottom01 = _mm_castsi128_ps(_mm_unpacklo_epi64(PAIR(p0 + stride), PAIR(p1 + stride)));
    __m128 bottom23 = _mm_castsi128_ps(_mm_unpacklo_epi64(PAIR(p2 + stride), PAIR(p3 + stride)));
#undef PAIR
    __m128i c00 = _mm_castps_si128(_mm_shuffle_ps(top01, top23, _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i c10 = _mm_castps_si128(_mm_shuffle_ps(top01, top23, _MM_SHUFFLE(3, 1, 3, 1)));
    __m128i c01 = _mm_castps_si128(_mm_shuffle_ps(bottom01, bottom23, _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i c11 = _mm_castps_si128(_mm_shuffle_ps(bottom01, bottom23, _MM_SHUFFLE(3, 1, 3, 1)));

    /* The weights, as resample_blend() computes them (fx x fy < 65536: a 16-bit multiply of
     * the low halves, the high halves being zero), each in both 16-bit halves of its lane. */
    const __m128i byte = _mm_set1_epi32(255);
    __m128i fx = _mm_and_si128(_mm_srli_epi32(xs, 8), byte), fy = _mm_and_si128(_mm_srli_epi32(ys, 8), byte);
    __m128i w11 = _mm_srli_epi32(_mm_add_epi32(_mm_mullo_epi16(fx, fy), _mm_set1_epi32(128)), 8);
    __m128i w10 = _mm_sub_epi32(fx, w11), w01 = _mm_sub_epi32(fy, w11);
    __m128i w00 = _mm_sub_epi32(_mm_sub_epi32(_mm_sub_epi32(_mm_set1_epi32(256), w10), w01), w11);
    w00 = _mm_or_si128(w00, _mm_slli_epi32(w00, 16));
    w10 = _mm_or_si128(w10, _mm_slli_epi32(w10, 16));
    w01 = _mm_or_si128(w01, _mm_slli_epi32(w01, 16));
    w11 = _mm_or_si128(w11, _mm_slli_epi32(w11, 16));

    const __m128i lanes = _mm_set1_epi32(0x00FF00FF), half = _mm_set1_epi16(128);
    __m128i rb = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(c00, lanes), w00),
                                             _mm_mullo_epi16(_mm_and_si128(c10, lanes), w10)),
                               _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(c01, lanes), w01),
                                             _mm_mullo_epi16(_mm_and_si128(c11, lanes), w11)));
    __m128i ag = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(c00, 8), w00),
                                             _mm_mullo_epi16(_mm_srli_epi16(c10, 8), w10)),
                               _mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(c01, 8), w01),
                                             _mm_mullo_epi16(_mm_srli_epi16(c11, 8), w11)));
    rb = _mm_srli_epi16(_mm_add_epi16(rb, half), 8);
    ag = _mm_and_si128(_mm_add_epi16(ag, half), _mm_set1_epi16((short)0xFF00));
    return _mm_or_si128(rb, ag);
}

/*
 * SSE2 only, which every x86-64 has: no dispatch needed. The map's division is done for four
 * pixels at once in single precision: positions within the picture (under 32768 pixels) keep
 * about 1/8192 of a pixel, well within the weights' 1/256ths.
 */
void resample_block_sse2(const uint32_t *source, int width, int height, int stride, uint32_t *out, int n,
                         double u, double v, double w, double du, double dv, double dw)
{
    const __m128 step_u = _mm_set1_ps((float)du), step_v = _mm_set1_ps((float)dv), step_w = _mm_set1_ps((float)dw);
    const __m128 start_u = _mm_set1_ps((float)u), start_v = _mm_set1_ps((float)v), start_w = _mm_set1_ps((float)w);
    const __m128 half = _mm_set1_ps(0.5f), units = _mm_set1_ps(65536.0f), min_w = _mm_set1_ps((float)RESAMPLE_MIN_W);
    /* A sample is inside when all four of its pixels are: one pixel on, up to the last. */
    const __m128i first = _mm_set1_epi32(65535);
    const __m128i right = _mm_set1_epi32(width << 16), bottom = _mm_set1_epi32(height << 16);
    __m128 k = _mm_setr_ps(0, 1, 2, 3);
    for (int at = 0; at < n; at += 4, k = _mm_add_ps(k, _mm_set1_ps(4))) {
        __m128 wk = _mm_add_ps(start_w, _mm_mul_ps(k, step_w));
        __m128 reciprocal = _mm_div_ps(_mm_set1_ps(1), wk);
        __m128 x = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(_mm_add_ps(start_u, _mm_mul_ps(k, step_u)), reciprocal), half), units);
        __m128 y = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(_mm_add_ps(start_v, _mm_mul_ps(k, step_v)), reciprocal), half), units);
        /* Behind the eye: position 0, outside. Too far to convert: the conversion gives
         * INT_MIN, outside too. */
        __m128i in_front = _mm_castps_si128(_mm_cmpgt_ps(wk, min_w));
        __m128i xs = _mm_and_si128(_mm_cvttps_epi32(x), in_front), ys = _mm_and_si128(_mm_cvttps_epi32(y), in_front);
        __m128i inside = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi32(xs, first), _mm_cmpgt_epi32(right, xs)),
                                       _mm_and_si128(_mm_cmpgt_epi32(ys, first), _mm_cmpgt_epi32(bottom, ys)));
        if (at + 4 <= n && _mm_movemask_epi8(inside) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(out + at), blend4(source, stride, xs, ys));
            continue;
        }
        /* Near or past the picture's edge, or the row's last few: one at a time. */
        int32_t lane_x[4], lane_y[4];
        _mm_storeu_si128((__m128i *)lane_x, xs);
        _mm_storeu_si128((__m128i *)lane_y, ys);
        for (int lane = 0; lane < 4 && at + lane < n; lane++) {
            out[at + lane] = resample_sample(source, width, height, stride, lane_x[lane], lane_y[lane]);
        }
    }
}
#endif
