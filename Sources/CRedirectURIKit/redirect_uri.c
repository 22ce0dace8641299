// The functions of redirect_uri.h are implemented in Swift (Sources/RedirectURIKitC, one
// @_cdecl function per declaration, each checked there against the type this header gives it).
// This file holds what C itself can check about the header: the layout the documentation
// promises to every language that declares these structs by hand (P/Invoke, Rust, Kotlin/Native).
#include "redirect_uri.h"

_Static_assert(sizeof(rdu_range) == 16, "rdu_range is two 64-bit integers");
_Static_assert(sizeof(rdu_components) == 8 * 16 + 8, "rdu_components is eight ranges and two 32-bit integers");
_Static_assert(sizeof(rdu_status) == 4 && sizeof(rdu_form) == 4, "constants travel as 32-bit integers");
