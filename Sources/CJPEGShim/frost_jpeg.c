// libjpeg reports fatal errors by calling error_exit, which must not return.
// Everything that can reach error_exit lives in this file, behind a setjmp,
// so the longjmp never unwinds a Swift frame.
#include "frost_jpeg.h"
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int truncated;
} frost_error_mgr;

static void frost_error_exit(j_common_ptr cinfo) {
    frost_error_mgr *err = (frost_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void frost_silent(j_common_ptr cinfo, int level) {
    // libjpeg only warns when the data ends early (JWRN_JPEG_EOF) or a marker interrupts the
    // entropy-coded data (JWRN_HIT_MARKER: a file cut short with an end marker appended), and
    // fills the rest with grey; Frost treats both as truncation so a damaged file never becomes
    // a half-grey output.
    if (level < 0) {
        int code = cinfo->err->msg_code;
        if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER) ((frost_error_mgr *)cinfo->err)->truncated = 1;
    }
}

static void copy_message(char *dst, size_t size, const char *src) {
    if (!dst || size == 0) return;
    snprintf(dst, size, "%s", src);
}

static uint16_t rd16(const uint8_t *p, int le) { return le ? (uint16_t)(p[0] | p[1] << 8) : (uint16_t)(p[0] << 8 | p[1]); }
static uint32_t rd32(const uint8_t *p, int le) {
    return le ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
              : (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// Reads tag 0x0112 from IFD0 of an APP1 "Exif\0\0" payload; every offset is bounds-checked.
static int exif_orientation(const uint8_t *d, unsigned len) {
    if (len < 14 || memcmp(d, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *t = d + 6; unsigned n = len - 6;
    int le;
    if (t[0] == 'I' && t[1] == 'I') le = 1; else if (t[0] == 'M' && t[1] == 'M') le = 0; else return 1;
    if (rd16(t + 2, le) != 42) return 1;
    uint32_t ifd = rd32(t + 4, le);
    if (ifd > n || n - ifd < 2) return 1;
    unsigned count = rd16(t + ifd, le);
    for (unsigned i = 0; i < count; i++) {
        uint64_t e = (uint64_t)ifd + 2 + 12ull * i;
        if (e + 12 > n) return 1;
        if (rd16(t + e, le) == 0x0112) {
            unsigned v = rd16(t + e + 8, le);
            return (v >= 1 && v <= 8) ? (int)v : 1;
        }
    }
    return 1;
}

/// Shared by the header and full decode: `pixels` NULL reads the header only.
static int decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *pixels, size_t pixels_size,
                  frost_jpeg_image *out, char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    frost_error_mgr jerr;
    memset(out, 0, sizeof(*out));
    if (size == 0 || size > (size_t)0xFFFFFFFFu) { copy_message(error, error_size, "empty or oversized JPEG data"); return -1; }

    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = frost_error_exit;
    jerr.base.emit_message = frost_silent;
    jerr.truncated = 0;
    if (setjmp(jerr.jump)) {
        copy_message(error, error_size, jerr.message);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    int orientation = 1;
    for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1) { orientation = exif_orientation(m->data, m->data_length); if (orientation != 1) break; }
    }
    uint64_t w = cinfo.image_width, h = cinfo.image_height;
    if (w == 0 || h == 0 || w * h > max_pixels) {
        snprintf(error, error_size, "image is %llux%llu pixels, over the limit of %llu",
                 (unsigned long long)w, (unsigned long long)h, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    out->width = (int)w; out->height = (int)h;
    out->orientation = orientation;
    out->components = cinfo.num_components;
    out->progressive = cinfo.progressive_mode ? 1 : 0;
    if (!pixels) { jpeg_destroy_decompress(&cinfo); return 0; }
    if (pixels_size < (size_t)(w * h * 4)) {
        copy_message(error, error_size, "pixel buffer too small for the JPEG's size");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }

    int cmyk = (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK);
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);  // a progressive file is read whole here
    while (cinfo.output_scanline < cinfo.output_height && !jerr.truncated) {
        JSAMPROW dst = pixels + (size_t)cinfo.output_scanline * w * 4;
        jpeg_read_scanlines(&cinfo, &dst, 1);
    }
    if (jerr.truncated) {
        copy_message(error, error_size, "JPEG data ends early or is cut by a marker (file is truncated or damaged)");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (cmyk) {
        // Adobe writes inverted CMYK; black = K. Convert to RGB the way browsers do.
        int inverted = cinfo.saw_Adobe_marker;
        for (size_t i = 0; i < (size_t)(w * h); i++) {
            uint8_t *p = pixels + i * 4;
            unsigned c = p[0], m = p[1], y = p[2], k = p[3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            p[0] = (uint8_t)((c * k + 127) / 255); p[1] = (uint8_t)((m * k + 127) / 255);
            p[2] = (uint8_t)((y * k + 127) / 255); p[3] = 255;
        }
    }
    out->progressive = jpeg_has_multiple_scans(&cinfo) ? 1 : 0;
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    if (jerr.truncated) {
        copy_message(error, error_size, "JPEG data ends early or is cut by a marker (file is truncated or damaged)");
        return -1;
    }
    return 0;
}

int frost_jpeg_header(const uint8_t *data, size_t size, uint64_t max_pixels,
                      frost_jpeg_image *out, char *error, size_t error_size) {
    return decode(data, size, max_pixels, NULL, 0, out, error, error_size);
}

int frost_jpeg_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size,
                           frost_jpeg_image *out, char *error, size_t error_size) {
    return decode(data, size, UINT64_MAX, pixels, pixels_size, out, error, error_size);
}

int frost_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                      int progressive, int grayscale,
                      uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    struct jpeg_compress_struct cinfo;
    frost_error_mgr jerr;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    uint8_t *volatile gray = NULL;
    *out = NULL; *out_size = 0;
    if (width <= 0 || height <= 0 || width > 65500 || height > 65500) {
        snprintf(error, error_size, "JPEG cannot hold %dx%d pixels (limit 65500 per side)", width, height);
        return -1;
    }
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = frost_error_exit;
    jerr.base.emit_message = frost_silent;
    if (setjmp(jerr.jump)) {
        copy_message(error, error_size, jerr.message);
        jpeg_destroy_compress(&cinfo);
        free(buffer); free(gray);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    if (grayscale) { cinfo.input_components = 1; cinfo.in_color_space = JCS_GRAYSCALE; }
    else { cinfo.input_components = 4; cinfo.in_color_space = JCS_EXT_RGBX; }
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (grayscale) {
        gray = malloc((size_t)width);
        if (!gray) { copy_message(error, error_size, "out of memory"); jpeg_destroy_compress(&cinfo); free(buffer); return -1; }
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        const uint8_t *src = rgba + (size_t)cinfo.next_scanline * (size_t)width * 4;
        JSAMPROW row;
        if (grayscale) {
            // Rec.601 luma, as JPEG's own YCbCr uses.
            for (int x = 0; x < width; x++) {
                const uint8_t *p = src + (size_t)x * 4;
                gray[x] = (uint8_t)((19595u * p[0] + 38470u * p[1] + 7471u * p[2] + 32768u) >> 16);
            }
            row = gray;
        } else {
            row = (JSAMPROW)src;
        }
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(gray);
    *out = buffer; *out_size = buffer_size;
    return 0;
}

void frost_jpeg_free(void *pointer) { free(pointer); }
