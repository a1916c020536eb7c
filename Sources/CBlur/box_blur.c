#include "box_blur.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* One running-sum box pass of `count` bytes `stride` apart, from `in` into `out`, rounded by
 * the table `rounded` (sum -> (sum + window / 2) / window). */
static void pass_a8(const uint8_t *in, uint8_t *out, int count, int half, const uint8_t *rounded)
{
    int sum = 0;
    for (int i = 0; i <= half && i < count; i++) sum += in[i];
    for (int i = 0; i < count; i++) {
        out[i] = rounded[sum];
        int entering = i + half + 1, leaving = i - half;
        if (entering < count) sum += in[entering];
        if (leaving >= 0) sum -= in[leaving];
    }
}

void box_blur_a8(uint8_t *data, int width, int height, int stride, int half)
{
    if (half <= 0 || width <= 0 || height <= 0) return;
    int window = 2 * half + 1;
    uint8_t *rounded = malloc((size_t)255 * window + 1);
    uint8_t *line = malloc((size_t)(width > height ? width : height));
    uint8_t *source = malloc((size_t)width * height), *target = malloc((size_t)width * height);
    int32_t *sums = malloc(sizeof(int32_t) * (size_t)width);
    if (!rounded || !line || !source || !target || !sums) goto done;
    for (int sum = 0; sum <= 255 * window; sum++) rounded[sum] = (uint8_t)((sum + window / 2) / window);
    /* Across the rows, in place through one line. */
    for (int y = 0; y < height; y++) {
        uint8_t *row = data + (size_t)y * stride;
        for (int k = 0; k < 3; k++) {
            pass_a8(row, line, width, half, rounded);
            memcpy(row, line, (size_t)width);
        }
    }
    /* Down the columns, a row at a time with one running sum per column, between two copies. */
    for (int y = 0; y < height; y++) memcpy(source + (size_t)y * width, data + (size_t)y * stride, (size_t)width);
    for (int k = 0; k < 3; k++) {
        memset(sums, 0, sizeof(int32_t) * (size_t)width);
        for (int y = 0; y <= half && y < height; y++)
            for (int x = 0; x < width; x++) sums[x] += source[(size_t)y * width + x];
        for (int y = 0; y < height; y++) {
            uint8_t *out = target + (size_t)y * width;
            for (int x = 0; x < width; x++) out[x] = rounded[sums[x]];
            int entering = y + half + 1, leaving = y - half;
            if (entering < height)
                for (int x = 0; x < width; x++) sums[x] += source[(size_t)entering * width + x];
            if (leaving >= 0)
                for (int x = 0; x < width; x++) sums[x] -= source[(size_t)leaving * width + x];
        }
        uint8_t *swap = source;
        source = target;
        target = swap;
    }
    for (int y = 0; y < height; y++) memcpy(data + (size_t)y * stride, source + (size_t)y * width, (size_t)width);
done:
    free(rounded);
    free(line);
    free(source);
    free(target);
    free(sums);
}

void box_blur_downsample_argb(const uint8_t *data, int stride, int x0, int y0, int x1, int y1, int factor, int step,
                              float *out, int out_width, int out_height)
{
    uint32_t *sums = calloc((size_t)out_width * 4, sizeof(uint32_t));
    uint32_t *counts = calloc((size_t)out_width, sizeof(uint32_t));
    if (!sums || !counts) goto done;
    for (int by = 0; by < out_height; by++) {
        memset(sums, 0, sizeof(uint32_t) * (size_t)out_width * 4);
        memset(counts, 0, sizeof(uint32_t) * (size_t)out_width);
        int top = y0 + by * factor, bottom = top + factor < y1 ? top + factor : y1;
        for (int y = top; y < bottom; y += step) {
            const uint8_t *row = data + (size_t)y * stride;
            for (int bx = 0; bx < out_width; bx++) {
                int left = x0 + bx * factor, right = left + factor < x1 ? left + factor : x1;
                uint32_t b = 0, g = 0, r = 0, a = 0, n = 0;
                for (int x = left; x < right; x += step) {
                    const uint8_t *p = row + 4 * (size_t)x;
                    b += p[0];
                    g += p[1];
                    r += p[2];
                    a += p[3];
                    n++;
                }
                sums[4 * bx] += b;
                sums[4 * bx + 1] += g;
                sums[4 * bx + 2] += r;
                sums[4 * bx + 3] += a;
                counts[bx] += n;
            }
        }
        for (int bx = 0; bx < out_width; bx++) {
            float *o = out + 4 * ((size_t)by * out_width + bx);
            float n = counts[bx] ? (float)counts[bx] : 1.0f;
            for (int c = 0; c < 4; c++) o[c] = (float)sums[4 * bx + c] / n;
        }
    }
done:
    free(sums);
    free(counts);
}

/* One box pass over `count` four-float pixels, from `in` into `out`. */
static void pass_rgba(const float *in, float *out, int count, int half, int clamp_edges)
{
    float window = (float)(2 * half + 1);
    for (int c = 0; c < 4; c++) {
        float sum = 0;
        for (int i = -half; i <= half; i++) {
            int j = i < 0 ? (clamp_edges ? 0 : -1) : i >= count ? (clamp_edges ? count - 1 : -1) : i;
            if (j >= 0) sum += in[4 * (size_t)j + c];
        }
        for (int i = 0; i < count; i++) {
            out[4 * (size_t)i + c] = sum / window;
            int entering = i + half + 1, leaving = i - half;
            int e = entering < count ? entering : (clamp_edges ? count - 1 : -1);
            int l = leaving >= 0 ? leaving : (clamp_edges ? 0 : -1);
            if (e >= 0) sum += in[4 * (size_t)e + c];
            if (l >= 0) sum -= in[4 * (size_t)l + c];
        }
    }
}

void box_blur_rgba_float(float *pixels, int width, int height, int half, int clamp_edges)
{
    if (half <= 0 || width <= 0 || height <= 0) return;
    int longest = width > height ? width : height;
    float *line = malloc(sizeof(float) * 4 * (size_t)longest), *other = malloc(sizeof(float) * 4 * (size_t)longest);
    if (!line || !other) goto done;
    for (int y = 0; y < height; y++) {
        float *row = pixels + 4 * (size_t)y * width;
        for (int k = 0; k < 3; k++) {
            pass_rgba(row, line, width, half, clamp_edges);
            memcpy(row, line, sizeof(float) * 4 * (size_t)width);
        }
    }
    for (int x = 0; x < width; x++) {
        /* The column gathered into `other`, blurred between the two lines, put back. */
        for (int y = 0; y < height; y++) memcpy(other + 4 * (size_t)y, pixels + 4 * ((size_t)y * width + x), sizeof(float) * 4);
        for (int k = 0; k < 3; k++) {
            pass_rgba(other, line, height, half, clamp_edges);
            float *swap = other;
            other = line;
            line = swap;
        }
        for (int y = 0; y < height; y++) memcpy(pixels + 4 * ((size_t)y * width + x), other + 4 * (size_t)y, sizeof(float) * 4);
    }
done:
    free(line);
    free(other);
}

void box_blur_store_argb(const float *pixels, int width, int height, uint8_t *out, int stride)
{
    for (int y = 0; y < height; y++) {
        uint8_t *row = out + (size_t)y * stride;
        for (int x = 0; x < width; x++) {
            const float *p = pixels + 4 * ((size_t)y * width + x);
            float a = p[3] + 0.5f;
            a = a < 0 ? 0 : a > 255 ? 255 : a;
            uint8_t alpha = (uint8_t)a;
            row[4 * x + 3] = alpha;
            for (int c = 0; c < 3; c++) {
                float v = p[c] + 0.5f;
                v = v < 0 ? 0 : v;
                row[4 * x + c] = v >= alpha ? alpha : (uint8_t)v;
            }
        }
    }
}

void box_blur_upscale_argb(const uint8_t *src, int src_stride, int src_width, int src_height, int factor, int src_x, int src_y,
                           float opacity, uint8_t *out, int out_stride, int x0, int y0, int x1, int y1)
{
    if (src_width <= 0 || src_height <= 0 || factor <= 0 || x1 <= x0 || y1 <= y0) return;
    int width = x1 - x0;
    /* Per row: `base` each picture pixel's four channels (blended down the column) plus a half
     * for the rounding, `rise` the step to its right neighbour. */
    float *base = malloc(sizeof(float) * 4 * (size_t)src_width), *rise = malloc(sizeof(float) * 4 * (size_t)src_width);
    int *left = malloc(sizeof(int) * (size_t)width);
    float *weight = malloc(sizeof(float) * (size_t)width);
    if (!base || !rise || !left || !weight) goto done;
    /* A pixel's centre, X + 0.5, lies at (X + 0.5 - src_x) / factor - 0.5 on the picture's grid of
     * pixel centres: between its pixels i and i + 1 at i + w. In halves of a pixel of the
     * output, exactly: n = 2 (X - src_x) + 1 - factor over 2 factor. Beyond the picture its
     * edge pixels continue (CAIRO_EXTEND_PAD): the left one is clamped, the step there is 0. */
    int twice = 2 * factor;
    for (int k = 0; k < width; k++) {
        int n = 2 * (x0 + k - src_x) + 1 - factor;
        int i = n >= 0 ? n / twice : -((-n + twice - 1) / twice);
        left[k] = i < 0 ? 0 : i >= src_width ? src_width - 1 : i;
        weight[k] = i < 0 || i >= src_width - 1 ? 0 : (float)(n - i * twice) / (float)twice;
    }
    for (int y = y0; y < y1; y++) {
        int n = 2 * (y - src_y) + 1 - factor;
        int j = n >= 0 ? n / twice : -((-n + twice - 1) / twice);
        float wy = (float)(n - j * twice) / (float)twice;
        int top = j < 0 ? 0 : j >= src_height ? src_height - 1 : j;
        int bottom = j + 1 < 0 ? 0 : j + 1 >= src_height ? src_height - 1 : j + 1;
        const uint8_t *a = src + (size_t)top * src_stride, *b = src + (size_t)bottom * src_stride;
        for (int i = 0; i < 4 * src_width; i++) base[i] = ((float)a[i] + ((float)b[i] - (float)a[i]) * wy) * opacity;
        for (int i = 0; i < src_width; i++) {
            int r = i + 1 < src_width ? i + 1 : i;
            for (int c = 0; c < 4; c++) rise[4 * i + c] = base[4 * r + c] - base[4 * i + c];
        }
        for (int i = 0; i < 4 * src_width; i++) base[i] += 0.5f;
        uint8_t *row = out + (size_t)y * out_stride + 4 * (size_t)x0;
        int k = 0;
#ifdef __SSE2__
        /* Four output pixels at a time, packed into one store. */
        for (; k + 4 <= width; k += 4) {
            __m128i v[4];
            for (int q = 0; q < 4; q++) {
                const float *p = base + 4 * (size_t)left[k + q], *d = rise + 4 * (size_t)left[k + q];
                v[q] = _mm_cvttps_epi32(_mm_add_ps(_mm_loadu_ps(p), _mm_mul_ps(_mm_loadu_ps(d), _mm_set1_ps(weight[k + q]))));
            }
            __m128i packed = _mm_packus_epi16(_mm_packs_epi32(v[0], v[1]), _mm_packs_epi32(v[2], v[3]));
            _mm_storeu_si128((__m128i *)(row + 4 * (size_t)k), packed);
        }
#endif
        for (; k < width; k++) {
            const float *p = base + 4 * (size_t)left[k], *d = rise + 4 * (size_t)left[k];
            float w = weight[k];
            uint8_t *o = row + 4 * (size_t)k;
            for (int c = 0; c < 4; c++) o[c] = (uint8_t)(p[c] + d[c] * w);
        }
    }
done:
    free(base);
    free(rise);
    free(left);
    free(weight);
}
