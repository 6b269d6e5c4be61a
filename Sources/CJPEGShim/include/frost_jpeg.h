#ifndef FROST_JPEG_H
#define FROST_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// What a JPEG holds besides its pixels.
typedef struct {
    int width;
    int height;
    int components;       ///< components in the file: 1 gray, 3 colour, 4 CMYK/YCCK
    int progressive;      ///< 1 if the file was progressive
    int orientation;      ///< EXIF orientation 1...8 (1 when absent or unreadable)
} frost_jpeg_image;

/// Reads only the header of a JPEG held in memory (cheap: no pixel memory), so the caller can
/// allocate the pixels itself. Returns 0 on success; otherwise writes a message into `error`
/// (NUL-terminated, at most `error_size` bytes) and returns -1. `max_pixels` rejects absurd
/// dimensions.
int frost_jpeg_header(const uint8_t *data, size_t size, uint64_t max_pixels,
                      frost_jpeg_image *out, char *error, size_t error_size);

/// Decodes into `pixels` (`width * height * 4` bytes as the header gave, straight RGBA8 with
/// alpha 255). Data that ends early, or a marker met inside the entropy-coded data (a file cut
/// short and patched with an end marker), is an error, detected as soon as libjpeg warns.
int frost_jpeg_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size,
                           frost_jpeg_image *out, char *error, size_t error_size);

/// Encodes RGBA8 (alpha ignored) or, when `grayscale` is set, the luma of it.
/// On success `*out` holds a malloc'd buffer of `*out_size` bytes (free with frost_jpeg_free).
int frost_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                      int progressive, int grayscale,
                      uint8_t **out, size_t *out_size, char *error, size_t error_size);

void frost_jpeg_free(void *pointer);

#endif
