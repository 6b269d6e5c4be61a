#ifndef FROST_DATA_H
#define FROST_DATA_H

#include <stddef.h>

/// Data compiled into the binary, so that `frost` and `frost-serve` run from any folder with
/// nothing beside them (a SwiftPM resource bundle is looked up next to the build folder and
/// traps when the binary is installed elsewhere). Each pointer addresses the named size in
/// bytes, lives as long as the process, and is never freed or written.

/// The built-in sample photo's PNG file (`astronaut.png`).
const unsigned char *frost_sample_astronaut_png(void);
size_t frost_sample_astronaut_png_size(void);

/// FrostUI's SF Symbol table (`symbol-names.txt`, UTF-8 text).
const unsigned char *frost_data_symbol_names(void);
size_t frost_data_symbol_names_size(void);

#endif
