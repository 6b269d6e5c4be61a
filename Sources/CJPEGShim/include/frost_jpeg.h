#ifndef FROST_JPEG_H
#define FROST_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// Result of decoding: straight RGBA8 pixels (malloc'd; free with frost_jpeg_free).
typedef struct {
    int width;
    int height;
    int components;       ///< components in the file: 1 gray, 3 colour, 4 CMYK/YCCK
    int progressive;      ///< 1 if the file was progressive
    int orientation;      ///< EXIF orientation 1...8 (1 when absent or unreadable)
    uint8_t *pixels;      ///< width * height * 4 bytes, straight alpha (always 255)
} frost_jpeg_image;

/// Decodes a JPEG held in memory. Returns 0 on success; otherwise writes a message
/// into `error` (NUL-terminated, at most `error_size` bytes) and returns -1.
/// `max_pixels` rejects absurd dimensions before any pixel memory is allocated.
int frost_jpeg_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                      frost_jpeg_image *out, char *error, size_t error_size);

/// Encodes RGBA8 (alpha ignored) or, when `grayscale` is set, the luma of it.
/// On success `*out` holds a malloc'd buffer of `*out_size` bytes (free with frost_jpeg_free).
int frost_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                      int progressive, int grayscale,
                      uint8_t **out, size_t *out_size, char *error, size_t error_size);

void frost_jpeg_free(void *pointer);

#endif
