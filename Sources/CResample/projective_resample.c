#include "projective_resample.h"
#include "resample_sample.h"

/*
 * Every canvas pixel's centre is carried through the map exactly (one division per pixel),
 * along rows in blocks: on x86-64, four pixels at a time in single precision with SSE2
 * (resample_block_sse2.c), or eight with AVX2 where the processor has it
 * (resample_block_avx2.c); otherwise, and for pictures too large for their 16-bit offsets,
 * one at a time in double precision below. They agree within a small fraction of the
 * weights' 1/256ths of a pixel. The map is computed exactly at every pixel: following it in
 * straight pieces between exact points saves divisions, but in a turned view the pieces are
 * too short (about 12 pixels) to take four or eight at a time.
 */

/* Pixels [0, n) of one row, pixel k at homogeneous (u + k du, v + k dv, w + k dw). */
static void resample_block_scalar(const uint32_t *source, int width, int height, int stride, uint32_t *out, int n,
                                  double u, double v, double w, double du, double dv, double dw)
{
    const double right = (double)(width + 1) * 65536, bottom = (double)(height + 1) * 65536;
    for (int k = 0; k < n; k++) {
        double wk = w + k * dw;
        /* Source pixel centres sit at half-integers: the pixel to the left of the sample is
         * at u / w - 0.5, and the sample's units take it one pixel on. */
        double x = ((u + k * du) / wk + 0.5) * 65536, y = ((v + k * dv) / wk + 0.5) * 65536;
        out[k] = wk > RESAMPLE_MIN_W && x > 0 && y > 0 && x < right && y < bottom
            ? resample_sample(source, width, height, stride, (int64_t)x, (int64_t)y)
            : 0;
    }
}

#ifdef RESAMPLE_HAS_AVX2
/* Whether the processor (and the system, which must save the wider registers) has AVX2 and
 * FMA: the compiler's runtime asks the processor once, at start-up; this reads its answer. */
static int has_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

void projective_resample(const uint32_t *source, int width, int height, int source_stride,
                         uint32_t *out, int out_width, int first_row, int end_row, int out_stride,
                         int origin_x, int origin_y, const double m[9])
{
#ifdef RESAMPLE_HAS_SSE2
    int sse2 = width < 32768 && height < 32768 && source_stride < 32768;
#endif
#ifdef RESAMPLE_HAS_AVX2
    int avx2 = sse2 && has_avx2();
#endif
    for (int row = first_row; row < end_row; row++) {
        /* (x, y, 1) * M for the centre of the row's first pixel of each block. */
        double y = (double)(origin_y + row) + 0.5;
        uint32_t *line = out + (long)row * out_stride;
        for (int start = 0; start < out_width; start += RESAMPLE_BLOCK) {
            int n = out_width - start < RESAMPLE_BLOCK ? out_width - start : RESAMPLE_BLOCK;
            double x = (double)(origin_x + start) + 0.5;
            double u = m[0] * x + m[3] * y + m[6], v = m[1] * x + m[4] * y + m[7], w = m[2] * x + m[5] * y + m[8];
#ifdef RESAMPLE_HAS_AVX2
            if (avx2) {
                resample_block_avx2(source, width, height, source_stride, line + start, n, u, v, w, m[0], m[1], m[2]);
                continue;
            }
#endif
#ifdef RESAMPLE_HAS_SSE2
            if (sse2) {
                resample_block_sse2(source, width, height, source_stride, line + start, n, u, v, w, m[0], m[1], m[2]);
                continue;
            }
#endif
            resample_block_scalar(source, width, height, source_stride, line + start, n, u, v, w, m[0], m[1], m[2]);
        }
    }
}
