#include "ProbeShim.h"

int32_t probe_shim_length(const uint16_t *text, int32_t length) {
    (void)text;
    return length;
}
