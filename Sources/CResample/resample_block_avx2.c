#include "resample_sample.h"

#ifdef RESAMPLE_HAS_AVX2
#include <immintrin.h>

/*
 * resample_block_sse2's work eight pixels at a time, for processors with AVX2 and FMA
 * (chosen at run time: projective_resample.c asks the processor once). Compiled for them by
 * the attribute below alone, so that the rest of the program still runs on any x86-64.
 * The neighbours come in gathers; the sums are resample_blend()'s, the positions single
 * precision as in the SSE2 version.
 */
#define AVX2 __attribute__((target("avx2,fma")))

/* The four neighbours of eight samples that are all inside the picture, blended. */
AVX2 static inline __m256i blend8(const uint32_t *source, int stride, __m256i xs, __m256i ys)
{
    /* An offset is column + row x stride, one 16-bit multiply-add; a sample's x >> 16 and
     * y >> 16 are its top-left neighbour's column and row one on: less a row and a pixel. */
    __m256i offsets = _mm256_madd_epi16(_mm256_or_si256(_mm256_srli_epi32(xs, 16), _mm256_slli_epi32(_mm256_srli_epi32(ys, 16), 16)),
                                        _mm256_set1_epi32((int)((uint32_t)stride << 16 | 1)));
    offsets = _mm256_sub_epi32(offsets, _mm256_set1_epi32(stride + 1));
    /* Each gather brings four samples' pairs of neighbours in a row (8 bytes each): pixels
     * 0, 1, 4, 5 in one and 2, 3, 6, 7 in the other, so that sorting them into left and
     * right pixels within 128-bit halves leaves the samples in order. */
    offsets = _mm256_permute4x64_epi64(offsets, _MM_SHUFFLE(3, 1, 2, 0));
    __m128i first = _mm256_castsi256_si128(offsets), second = _mm256_extracti128_si256(offsets, 1);
    const long long *top = (const long long *)source, *bottom = (const long long *)(source + stride);
    __m256 top_a = _mm256_castsi256_ps(_mm256_i32gather_epi64(top, first, 4));
    __m256 top_b = _mm256_castsi256_ps(_mm256_i32gather_epi64(top, second, 4));
    __m256 bottom_a = _mm256_castsi256_ps(_mm256_i32gather_epi64(bottom, first, 4));
    __m256 bottom_b = _mm256_castsi256_ps(_mm256_i32gather_epi64(bottom, second, 4));
    __m256i c00 = _mm256_castps_si256(_mm256_shuffle_ps(top_a, top_b, _MM_SHUFFLE(2, 0, 2, 0)));
    __m256i c10 = _mm256_castps_si256(_mm256_shuffle_ps(top_a, top_b, _MM_SHUFFLE(3, 1, 3, 1)));
    __m256i c01 = _mm256_castps_si256(_mm256_shuffle_ps(bottom_a, bottom_b, _MM_SHUFFLE(2, 0, 2, 0)));
    __m256i c11 = _mm256_castps_si256(_mm256_shuffle_ps(bottom_a, bottom_b, _MM_SHUFFLE(3, 1, 3, 1)));

    /* The weights, as resample_blend() computes them, each in both 16-bit halves of its lane. */
    const __m256i byte = _mm256_set1_epi32(255);
    __m256i fx = _mm256_and_si256(_mm256_srli_epi32(xs, 8), byte), fy = _mm256_and_si256(_mm256_srli_epi32(ys, 8), byte);
    __m256i w11 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_mullo_epi16(fx, fy), _mm256_set1_epi32(128)), 8);
    __m256i w10 = _mm256_sub_epi32(fx, w11), w01 = _mm256_sub_epi32(fy, w11);
    __m256i w00 = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_sub_epi32(_mm256_set1_epi32(256), w10), w01), w11);
    w00 = _mm256_or_si256(w00, _mm256_slli_epi32(w00, 16));
    w10 = _mm256_or_si256(w10, _mm256_slli_epi32(w10, 16));
    w01 = _mm256_or_si256(w01, _mm256_slli_epi32(w01, 16));
    w11 = _mm256_or_si256(w11, _mm256_slli_epi32(w11, 16));

    const __m256i lanes = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(128);
    __m256i rb = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(c00, lanes), w00),
                                                   _mm256_mullo_epi16(_mm256_and_si256(c10, lanes), w10)),
                                  _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(c01, lanes), w01),
                                                   _mm256_mullo_epi16(_mm256_and_si256(c11, lanes), w11)));
    __m256i ag = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(c00, 8), w00),
                                                   _mm256_mullo_epi16(_mm256_srli_epi16(c10, 8), w10)),
                                  _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(c01, 8), w01),
                                                   _mm256_mullo_epi16(_mm256_srli_epi16(c11, 8), w11)));
    rb = _mm256_srli_epi16(_mm256_add_epi16(rb, half), 8);
    ag = _mm256_and_si256(_mm256_add_epi16(ag, half), _mm256_set1_epi16((short)0xFF00));
    return _mm256_or_si256(rb, ag);
}

AVX2 void resample_block_avx2(const uint32_t *source, int width, int height, int stride, uint32_t *out, int n,
                              double u, double v, double w, double du, double dv, double dw)
{
    /* Positions in the samples' units straight from the products: x = u * 65536 / w + 32768. */
    const __m256 step_u = _mm256_set1_ps((float)(du * 65536)), step_v = _mm256_set1_ps((float)(dv * 65536));
    const __m256 start_u = _mm256_set1_ps((float)(u * 65536)), start_v = _mm256_set1_ps((float)(v * 65536));
    const __m256 step_w = _mm256_set1_ps((float)dw), start_w = _mm256_set1_ps((float)w);
    const __m256 half = _mm256_set1_ps(32768.0f), min_w = _mm256_set1_ps((float)RESAMPLE_MIN_W);
    const __m256i first = _mm256_set1_epi32(65535);
    const __m256i right = _mm256_set1_epi32(width << 16), bottom = _mm256_set1_epi32(height << 16);
    __m256 k = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    for (int at = 0; at < n; at += 8, k = _mm256_add_ps(k, _mm256_set1_ps(8))) {
        __m256 wk = _mm256_fmadd_ps(k, step_w, start_w);
        __m256 reciprocal = _mm256_div_ps(_mm256_set1_ps(1), wk);
        __m256 x = _mm256_fmadd_ps(_mm256_fmadd_ps(k, step_u, start_u), reciprocal, half);
        __m256 y = _mm256_fmadd_ps(_mm256_fmadd_ps(k, step_v, start_v), reciprocal, half);
        /* Behind the eye: position 0, outside. Too far to convert: INT_MIN, outside too. */
        __m256i in_front = _mm256_castps_si256(_mm256_cmp_ps(wk, min_w, _CMP_GT_OQ));
        __m256i xs = _mm256_and_si256(_mm256_cvttps_epi32(x), in_front), ys = _mm256_and_si256(_mm256_cvttps_epi32(y), in_front);
        __m256i inside = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(xs, first), _mm256_cmpgt_epi32(right, xs)),
                                          _mm256_and_si256(_mm256_cmpgt_epi32(ys, first), _mm256_cmpgt_epi32(bottom, ys)));
        if (at + 8 <= n && _mm256_movemask_epi8(inside) == -1) {
            _mm256_storeu_si256((__m256i *)(out + at), blend8(source, stride, xs, ys));
            continue;
        }
        /* Near or past the picture's edge, or the row's last few: one at a time. */
        int32_t lane_x[8], lane_y[8];
        _mm256_storeu_si256((__m256i *)lane_x, xs);
        _mm256_storeu_si256((__m256i *)lane_y, ys);
        for (int lane = 0; lane < 8 && at + lane < n; lane++) {
            out[at + lane] = resample_sample(source, width, height, stride, lane_x[lane], lane_y[lane]);
        }
    }
}
#endif
