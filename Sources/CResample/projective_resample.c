#include "projective_resample.h"

#if defined(__SSE2__) && !defined(PROJECTIVE_RESAMPLE_SCALAR)
#include <emmintrin.h>
#endif

/* The pixel at (i, j), or clear outside the picture. */
static inline uint32_t pixel_at(const uint32_t *p, int stride, int width, int height, int i, int j)
{
    return i >= 0 && j >= 0 && i < width && j < height ? p[(long)j * stride + i] : 0;
}

/* The four pixels blended with weights in 1/256ths that sum to 256: two channels at a time,
 * each in a 16-bit lane of its own, where 255 x 256 still fits. */
static inline uint32_t blend(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11,
                             uint32_t w00, uint32_t w10, uint32_t w01, uint32_t w11)
{
    const uint32_t lanes = 0x00FF00FFu;
    uint32_t rb = (c00 & lanes) * w00 + (c10 & lanes) * w10 + (c01 & lanes) * w01 + (c11 & lanes) * w11;
    uint32_t ag = ((c00 >> 8) & lanes) * w00 + ((c10 >> 8) & lanes) * w10 + ((c01 >> 8) & lanes) * w01
        + ((c11 >> 8) & lanes) * w11;
    /* Rounded to the nearest: + 128 in each lane before the fraction is dropped. */
    rb = ((rb + 0x00800080u) >> 8) & lanes;
    ag = (ag + 0x00800080u) & ~lanes;
    return rb | ag;
}

/* One sample at (x, y) of the source in 1/65536ths of a pixel, offset by one pixel so that
 * the picture's one-pixel fringe is positive: pixel i is i + 1 here. */
static inline uint32_t sample(const uint32_t *source, int width, int height, int stride, int64_t x, int64_t y)
{
    if (x <= 0 || y <= 0 || x >= ((int64_t)width + 1) << 16 || y >= ((int64_t)height + 1) << 16) return 0;
    int i = (int)(x >> 16) - 1, j = (int)(y >> 16) - 1;
    uint32_t fx = (uint32_t)(x >> 8) & 255, fy = (uint32_t)(y >> 8) & 255;
    uint32_t c00, c10, c01, c11;
    if (i >= 0 && j >= 0 && i + 1 < width && j + 1 < height) {
        const uint32_t *p = source + (long)j * stride + i;
#if defined(__SSE2__) && !defined(PROJECTIVE_RESAMPLE_SCALAR)
        /* The same sums as blend(), each channel in a 16-bit lane: the two pixels of a row
         * come in one load, weighed in one multiply, and the rows and halves are added. */
        {
            uint32_t w11 = (fx * fy + 128) >> 8, w10 = fx - w11, w01 = fy - w11, w00 = 256 - w10 - w01 - w11;
            const __m128i zero = _mm_setzero_si128();
            __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)p), zero);
            __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p + stride)), zero);
            __m128i top_weights = _mm_unpacklo_epi64(_mm_set1_epi16((short)w00), _mm_set1_epi16((short)w10));
            __m128i bottom_weights = _mm_unpacklo_epi64(_mm_set1_epi16((short)w01), _mm_set1_epi16((short)w11));
            __m128i sum = _mm_add_epi16(_mm_mullo_epi16(top, top_weights), _mm_mullo_epi16(bottom, bottom_weights));
            sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
            sum = _mm_srli_epi16(_mm_add_epi16(sum, _mm_set1_epi16(128)), 8);
            return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sum, sum));
        }
#endif
        c00 = p[0];
        c10 = p[1];
        c01 = p[stride];
        c11 = p[stride + 1];
    } else {
        c00 = pixel_at(source, stride, width, height, i, j);
        c10 = pixel_at(source, stride, width, height, i + 1, j);
        c01 = pixel_at(source, stride, width, height, i, j + 1);
        c11 = pixel_at(source, stride, width, height, i + 1, j + 1);
    }
    if ((c00 | c10 | c01 | c11) == 0) return 0;
    uint32_t w11 = (fx * fy + 128) >> 8, w10 = fx - w11, w01 = fy - w11;
    return blend(c00, c10, c01, c11, 256 - w10 - w01 - w11, w10, w01, w11);
}

/* The map is computed exactly every so often along a row and followed in a straight line in
 * between: over a window of WINDOW pixels, its stray from the straight line at the middle
 * tells (it grows with the square of the length) how many equal pieces keep every stray
 * within STRAY pixels, each piece's ends computed exactly. A mild perspective takes whole
 * windows, a strong one short pieces; a turn edge-on, pixel by pixel. */
#define WINDOW 32
#define STRAY (1.0 / 32)

/* Where canvas point (x, y) samples the picture, in sample()'s units, and its w. */
typedef struct point { double x, y, w; } point;

static inline point map(const double m[9], double x, double y)
{
    point p;
    p.w = m[2] * x + m[5] * y + m[8];
    /* Source pixel centres sit at half-integers: the pixel to the left of the sample is at
     * u / w - 0.5, and sample() takes it one pixel on. */
    p.x = ((m[0] * x + m[3] * y + m[6]) / p.w + 0.5) * 65536;
    p.y = ((m[1] * x + m[4] * y + m[7]) / p.w + 0.5) * 65536;
    return p;
}

/* In front of the eye, and near enough that a straight line to it cannot overflow. */
static inline int usable(point p)
{
    const double limit = (double)(1 << 30);
    return p.w > 1e-12 && p.x > -limit && p.x < limit && p.y > -limit && p.y < limit;
}

void projective_resample(const uint32_t *source, int width, int height, int source_stride,
                         uint32_t *out, int out_width, int first_row, int end_row, int out_stride,
                         int origin_x, int origin_y, const double m[9])
{
    for (int row = first_row; row < end_row; row++) {
        double y = (double)(origin_y + row) + 0.5;
        uint32_t *line = out + (long)row * out_stride;
        for (int start = 0; start < out_width; start += WINDOW) {
            int end = start + WINDOW < out_width ? start + WINDOW : out_width, n = end - start;
            double xa = (double)(origin_x + start) + 0.5, xb = (double)(origin_x + end) + 0.5;
            point a = map(m, xa, y), b = map(m, xb, y), middle = map(m, (xa + xb) / 2, y);
            if (usable(a) && usable(b) && usable(middle)) {
                /* w is linear along the row: in front of the eye at both ends, in front all
                 * along. */
                double dx = middle.x - (a.x + b.x) / 2, dy = middle.y - (a.y + b.y) / 2;
                double stray = (dx * dx + dy * dy) / (65536.0 * 65536.0);
                int pieces = 1;
                while (stray > STRAY * STRAY && pieces < n) {
                    pieces *= 2;
                    stray /= 16; /* the stray's square, a quarter of the stray per halving */
                }
                point from = a;
                int column = start;
                for (int k = 1; k <= pieces; k++) {
                    int to = start + (int)((long)n * k / pieces);
                    if (to == column) continue;
                    point next = k == pieces ? b : map(m, (double)(origin_x + to) + 0.5, y);
                    int64_t x = (int64_t)from.x, yy = (int64_t)from.y;
                    int64_t stepx = ((int64_t)next.x - x) / (to - column), stepy = ((int64_t)next.y - yy) / (to - column);
                    for (; column < to; column++, x += stepx, yy += stepy) {
                        line[column] = sample(source, width, height, source_stride, x, yy);
                    }
                    from = next;
                }
                continue;
            }
            /* Part of the window behind the eye, or mapped far away: pixel by pixel. */
            for (int column = start; column < end; column++) {
                point p = map(m, (double)(origin_x + column) + 0.5, y);
                line[column] = p.w > 1e-12 && p.x > 0 && p.y > 0 && p.x < (double)(width + 1) * 65536
                        && p.y < (double)(height + 1) * 65536
                    ? sample(source, width, height, source_stride, (int64_t)p.x, (int64_t)p.y)
                    : 0;
            }
        }
    }
}
