#ifndef PROBESHIM_H
#define PROBESHIM_H

#include <stdint.h>

// Only <stdint.h> types, as in CICUShim.h: imported with clang's freestanding headers.
int32_t probe_shim_length(const uint16_t *text, int32_t length);

#endif
