#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

// A small C surface over the system's ICU (libicucore on Apple platforms, libicu-dev elsewhere)
// that Swift can import next to Foundation: only <stdint.h> types, UTF-16 buffers, and ICU's
// error flags passed through as integers.

/// UTS #46 (non-transitional) ToASCII of a domain name. Returns the output length in UTF-16
/// units (possibly > capacity, then nothing useful was written), or -1 on an ICU failure.
/// `info_errors` receives UIDNAInfo.errors (UIDNA_ERROR_* bits).
int32_t redirecturi_idna_to_ascii(const uint16_t *input, int32_t length,
                                  uint16_t *output, int32_t capacity, uint32_t *info_errors);

/// UTS #46 ToUnicode; same conventions as redirecturi_idna_to_ascii.
int32_t redirecturi_idna_to_unicode(const uint16_t *input, int32_t length,
                                    uint16_t *output, int32_t capacity, uint32_t *info_errors);

/// 1 when this system's ICU has the spoof checker (UTS #39), 0 when it does not. Always 1 with
/// libicu-dev; on Apple platforms the checker is looked up in libicucore at run time. The three
/// spoof functions below return -2 when it is missing.
int32_t redirecturi_spoof_available(void);

/// ICU spoof checks (USPOOF_* result bits) for one identifier with the default checks
/// (restriction level, mixed numbers, invisible characters, …). Returns -1 on an ICU failure.
int32_t redirecturi_spoof_check(const uint16_t *text, int32_t length);

/// Whether two identifiers are confusable (uspoof_areConfusable): 0 when not, otherwise the
/// USPOOF_*_SCRIPT_CONFUSABLE bits; -1 on an ICU failure.
int32_t redirecturi_spoof_are_confusable(const uint16_t *a, int32_t a_length,
                                         const uint16_t *b, int32_t b_length);

/// The confusable skeleton of an identifier (UTS #39). Same length conventions as above.
int32_t redirecturi_spoof_skeleton(const uint16_t *text, int32_t length,
                                   uint16_t *output, int32_t capacity);

#endif
