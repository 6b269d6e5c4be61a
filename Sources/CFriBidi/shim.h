#include <fribidi.h>

// FriBidi's paragraph directions are macros built from other macros, which Swift cannot import.
static const FriBidiParType frost_fribidi_par_auto = FRIBIDI_PAR_ON;
static const FriBidiParType frost_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType frost_fribidi_par_rtl = FRIBIDI_PAR_RTL;
