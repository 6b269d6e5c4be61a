#include "frost_data.h"

// C23's #embed (clang 19 and later: every Swift 6.1+ toolchain) reads each file at compile time,
// far faster than a Swift array literal of 791,555 numbers would type-check.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char astronaut_png[] = {
#embed "astronaut.png"
};

static const unsigned char symbol_names[] = {
#embed "symbol-names.txt"
};

const unsigned char *frost_sample_astronaut_png(void) { return astronaut_png; }
size_t frost_sample_astronaut_png_size(void) { return sizeof astronaut_png; }

const unsigned char *frost_data_symbol_names(void) { return symbol_names; }
size_t frost_data_symbol_names_size(void) { return sizeof symbol_names; }
