#include "CICUShim.h"

#if defined(__APPLE__)
// Apple platforms ship ICU as the system library libicucore (Foundation itself is built on it),
// but their SDKs carry no ICU headers, and libicucore exports ICU's C API under its plain,
// unversioned names (`uidna_openUTS46`, not `uidna_openUTS46_74`). So the few declarations this
// file needs are written here, with the types and constants of ICU's stable C API
// (unicode/uidna.h, unicode/uspoof.h: all of them "@stable ICU 2.x/4.x/51", unchanged since).
#include <dlfcn.h>
#include <stddef.h>

typedef uint16_t UChar;
typedef int8_t UBool;
typedef int UErrorCode;
#define U_ZERO_ERROR 0
#define U_BUFFER_OVERFLOW_ERROR 15
#define U_STRING_NOT_TERMINATED_WARNING (-124)
#define U_FAILURE(x) ((x) > U_ZERO_ERROR)

typedef struct UIDNA UIDNA;
typedef struct UIDNAInfo {
    int16_t size;
    UBool isTransitionalDifferent;
    UBool reservedB3;
    uint32_t errors;
    int32_t reservedI2;
    int32_t reservedI3;
} UIDNAInfo;
#define UIDNA_INFO_INITIALIZER { (int16_t)sizeof(UIDNAInfo), 0, 0, 0, 0, 0 }
#define UIDNA_USE_STD3_RULES 2
#define UIDNA_CHECK_BIDI 4
#define UIDNA_CHECK_CONTEXTJ 8
#define UIDNA_NONTRANSITIONAL_TO_ASCII 0x10
#define UIDNA_NONTRANSITIONAL_TO_UNICODE 0x20

UIDNA *uidna_openUTS46(uint32_t options, UErrorCode *pErrorCode);
void uidna_close(UIDNA *idna);
int32_t uidna_nameToASCII(const UIDNA *idna, const UChar *name, int32_t length, UChar *dest,
                          int32_t capacity, UIDNAInfo *pInfo, UErrorCode *pErrorCode);
int32_t uidna_nameToUnicode(const UIDNA *idna, const UChar *name, int32_t length, UChar *dest,
                            int32_t capacity, UIDNAInfo *pInfo, UErrorCode *pErrorCode);

// The spoof checker (UTS #39) is reached at run time rather than linked: Apple documents no
// export list for libicucore, and a missing symbol at link time would take UTS #46 conversion
// down with it on every Apple platform. When libicucore lacks it, the confusable checks report
// themselves unavailable (redirecturi_spoof_available) instead of answering "not confusable".
typedef struct USpoofChecker USpoofChecker;
typedef USpoofChecker *(*spoof_open_f)(UErrorCode *);
typedef void (*spoof_close_f)(USpoofChecker *);
typedef int32_t (*spoof_check_f)(const USpoofChecker *, const UChar *, int32_t, int32_t *, UErrorCode *);
typedef int32_t (*spoof_are_confusable_f)(const USpoofChecker *, const UChar *, int32_t, const UChar *,
                                          int32_t, UErrorCode *);
typedef int32_t (*spoof_get_skeleton_f)(const USpoofChecker *, uint32_t, const UChar *, int32_t, UChar *,
                                        int32_t, UErrorCode *);

struct spoof_api {
    spoof_open_f open;
    spoof_close_f close;
    spoof_check_f check;
    spoof_are_confusable_f areConfusable;
    spoof_get_skeleton_f getSkeleton;
};

static int spoof_api_load(struct spoof_api *api) {
    // dlsym is thread-safe and cheap next to a spoof check (which builds a checker each call),
    // so the functions are looked up on each call rather than cached in shared state.
    api->open = (spoof_open_f)dlsym(RTLD_DEFAULT, "uspoof_open");
    api->close = (spoof_close_f)dlsym(RTLD_DEFAULT, "uspoof_close");
    api->check = (spoof_check_f)dlsym(RTLD_DEFAULT, "uspoof_check");
    api->areConfusable = (spoof_are_confusable_f)dlsym(RTLD_DEFAULT, "uspoof_areConfusable");
    api->getSkeleton = (spoof_get_skeleton_f)dlsym(RTLD_DEFAULT, "uspoof_getSkeleton");
    return api->open && api->close && api->check && api->areConfusable && api->getSkeleton;
}
#define SPOOF_API(name) api.name
#define SPOOF_API_LOAD(failure) \
    struct spoof_api api; \
    if (!spoof_api_load(&api)) return (failure)

#else
// Elsewhere: the distribution's ICU (libicu-dev), whose headers rename every function to its
// versioned symbol. SPOOF_API(name) is then just ICU's own `uspoof_name`.
#include <unicode/uidna.h>
#include <unicode/uspoof.h>
#define SPOOF_API(name) uspoof_##name
#define SPOOF_API_LOAD(failure)
#endif

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

int32_t redirecturi_spoof_available(void) {
#if defined(__APPLE__)
    struct spoof_api api;
    return spoof_api_load(&api) ? 1 : 0;
#else
    return 1;
#endif
}

int32_t redirecturi_spoof_check(const uint16_t *text, int32_t length) {
    SPOOF_API_LOAD(-2);
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = SPOOF_API(open)(&status);
    if (U_FAILURE(status)) return -1;
    int32_t result = SPOOF_API(check)(checker, (const UChar *)text, length, NULL, &status);
    SPOOF_API(close)(checker);
    return U_FAILURE(status) ? -1 : result;
}

int32_t redirecturi_spoof_are_confusable(const uint16_t *a, int32_t a_length, const uint16_t *b,
                                         int32_t b_length) {
    SPOOF_API_LOAD(-2);
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = SPOOF_API(open)(&status);
    if (U_FAILURE(status)) return -1;
    int32_t result =
        SPOOF_API(areConfusable)(checker, (const UChar *)a, a_length, (const UChar *)b, b_length, &status);
    SPOOF_API(close)(checker);
    return U_FAILURE(status) ? -1 : result;
}

int32_t redirecturi_spoof_skeleton(const uint16_t *text, int32_t length, uint16_t *output, int32_t capacity) {
    SPOOF_API_LOAD(-2);
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *checker = SPOOF_API(open)(&status);
    if (U_FAILURE(status)) return -1;
    int32_t written =
        SPOOF_API(getSkeleton)(checker, 0, (const UChar *)text, length, (UChar *)output, capacity, &status);
    SPOOF_API(close)(checker);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    return U_FAILURE(status) ? -1 : written;
}
