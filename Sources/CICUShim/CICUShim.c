#include "CICUShim.h"

#include <unicode/uidna.h>
#include <unicode/uspoof.h>

static UIDNA *open_uts46(UErrorCode *status) {
    // Non-transitional processing (ß stays ß), with the STD3 rules and the CheckBidi/CheckJoiners
    // options that browsers apply to hosts.
    return uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE |
                               UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ,
                           status);
}

static int32_t convert(int to_ascii, const uint16_t *input, int32_t length, uint16_t *output,
                       int32_t capacity, uint32_t *info_errors) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = open_uts46(&status);
    if (U_FAILURE(status)) return -1;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t written = to_ascii
        ? uidna_nameToASCII(idna, (const UChar *)input, length, (UChar *)output, capacity, &info, &status)
        : uidna_nameToUnicode(idna, (const UChar *)input, length, (UChar *)output, capacity, &info, &status);
    uidna_close(idna);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    if (U_FAILURE(status)) return -1;
    *info_errors = info.errors;
    return written;
}

int32_t redirecturi_idna_to_ascii(const uint16_t *input, int32_t length, uint16_t *output,
                                  int32_t capacity, uint32_t *info_errors) {
    return convert(1, input, length, output, capacity, info_errors);
}

int32_t redirecturi_idna_to_unicode(const uint16_t *input, int32_t length, uint16_t *output,
                                    int32_t capacity, uint32_t *info_errors) {
    return convert(0, input, length, output, capacity, info_errors);
}

int32_t redirecturi_spoof_check(const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = uspoof_open(&status);
    if (U_FAILURE(status)) return -1;
    int32_t result = uspoof_check(checker, (const UChar *)text, length, NULL, &status);
    uspoof_close(checker);
    return U_FAILURE(status) ? -1 : result;
}

int32_t redirecturi_spoof_are_confusable(const uint16_t *a, int32_t a_length, const uint16_t *b,
                                         int32_t b_length) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = uspoof_open(&status);
    if (U_FAILURE(status)) return -1;
    int32_t result = uspoof_areConfusable(checker, (const UChar *)a, a_length, (const UChar *)b, b_length, &status);
    uspoof_close(checker);
    return U_FAILURE(status) ? -1 : result;
}

int32_t redirecturi_spoof_skeleton(const uint16_t *text, int32_t length, uint16_t *output, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = uspoof_open(&status);
    if (U_FAILURE(status)) return -1;
    int32_t written = uspoof_getSkeleton(checker, 0, (const UChar *)text, length, (UChar *)output, capacity, &status);
    uspoof_close(checker);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    return U_FAILURE(status) ? -1 : written;
}
