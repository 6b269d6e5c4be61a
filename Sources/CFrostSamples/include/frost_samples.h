#ifndef FROST_SAMPLES_H
#define FROST_SAMPLES_H

#include <stddef.h>

/// The built-in sample photo's PNG file, compiled into the binary so that `frost` and
/// `frost-serve` run from any folder with nothing beside them (a SwiftPM resource bundle is
/// looked up next to the build folder and traps when the binary is installed elsewhere).
/// `frost_sample_astronaut_png` points at `frost_sample_astronaut_png_size()` bytes that live
/// as long as the process; never freed, never written.
const unsigned char *frost_sample_astronaut_png(void);
size_t frost_sample_astronaut_png_size(void);

#endif
