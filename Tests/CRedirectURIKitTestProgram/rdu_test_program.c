/*
 * The C test program of redirect_uri.h: every function, with the input a caller means to pass
 * and the input a careless or hostile one does (NULL, length 0, invalid UTF-8, a NUL inside,
 * 1 MB, a buffer one byte too small). Nothing may crash; every answer is checked.
 *
 * Written in C99 and held to -Wall -Wextra -Werror: the pragmas below make clang treat both
 * groups as errors whatever flags SwiftPM passes, and RedirectURIKitCTests also compiles this
 * file with `clang -std=c99 -Wall -Wextra -Werror`.
 */
#pragma clang diagnostic error "-Wall"
#pragma clang diagnostic error "-Wextra"

#include "rdu_test_program.h"

#include <redirect_uri.h>
#include <stdlib.h>
#include <string.h>

static rdu_test_failure failure_report;
static void *failure_context;
static int checks_run;

#define CHECK(condition)                                                                   \
    do {                                                                                   \
        checks_run++;                                                                      \
        if (!(condition)) failure_report(failure_context, __FILE__, __LINE__, #condition); \
    } while (0)

/* A C string and its length, for the (pointer, length) pairs of the header. */
#define TEXT(literal) literal, (sizeof(literal) - 1)

static int range_is(rdu_range range, int64_t offset, int64_t length) {
    return range.offset == offset && range.length == length;
}

static int absent(rdu_range range) { return range.offset == -1 && range.length == 0; }

static int same_text(const char *actual, const char *expected) {
    return actual != NULL && strcmp(actual, expected) == 0;
}

/* An rdu_error whose fields hold garbage, so that a function that forgets to write it shows. */
static rdu_error stale_error(void) {
    rdu_error error;
    error.code = "stale";
    error.explanation = "stale";
    error.parameter = "stale";
    error.offset = 12345;
    return error;
}

static int error_cleared(rdu_error error) {
    return error.code == NULL && error.explanation == NULL && error.parameter == NULL && error.offset == -1;
}

static void version(void) {
    CHECK(same_text(rdu_version(), RDU_VERSION));
    CHECK(RDU_VERSION_MAJOR == 0 && RDU_VERSION_MINOR == 1 && RDU_VERSION_PATCH == 0);
}

static void parse(void) {
    rdu_components components;
    rdu_error error = stale_error();
    const char *adal = "x-msauth-mytestiosapp://com.myapp.mytestapp";

    CHECK(rdu_parse(adal, strlen(adal), RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_OK);
    CHECK(error_cleared(error));
    CHECK(range_is(components.scheme, 0, 21));
    CHECK(range_is(components.authority, 24, 19));
    CHECK(range_is(components.host, 24, 19));
    CHECK(components.host_kind == RDU_HOST_REG_NAME);
    CHECK(absent(components.userinfo) && absent(components.port));
    CHECK(range_is(components.path, 43, 0));
    CHECK(absent(components.query) && absent(components.fragment));
    CHECK(components.reserved == 0);

    /* Present but empty is not absent. */
    CHECK(rdu_parse(TEXT("x://h?"), RDU_GRAMMAR_URI_REFERENCE, &components, NULL) == RDU_STATUS_OK);
    CHECK(range_is(components.query, 6, 0));
    CHECK(rdu_parse(TEXT("http://u@[::1]:8080/p?q#f"), RDU_GRAMMAR_URI, &components, NULL) == RDU_STATUS_OK);
    CHECK(range_is(components.userinfo, 7, 1) && range_is(components.host, 9, 5) && range_is(components.port, 15, 4));
    CHECK(components.host_kind == RDU_HOST_IPV6);
    CHECK(range_is(components.path, 19, 2) && range_is(components.query, 22, 1) && range_is(components.fragment, 24, 1));
    CHECK(rdu_parse(TEXT("http://192.0.2.1/"), RDU_GRAMMAR_URI, &components, NULL) == RDU_STATUS_OK);
    CHECK(components.host_kind == RDU_HOST_IPV4);
    CHECK(rdu_parse(TEXT("http://[v7.x]/"), RDU_GRAMMAR_URI, &components, NULL) == RDU_STATUS_OK);
    CHECK(components.host_kind == RDU_HOST_IPVFUTURE);
    CHECK(rdu_parse(TEXT("a/b"), RDU_GRAMMAR_RELATIVE_REFERENCE, &components, NULL) == RDU_STATUS_OK);
    CHECK(absent(components.scheme) && components.host_kind == RDU_HOST_NONE && range_is(components.path, 0, 3));

    /* The library's code and explanation, and the offset of the first byte outside the grammar. */
    error = stale_error();
    CHECK(rdu_parse(TEXT("http://host:8a/"), RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-port"));
    CHECK(same_text(error.explanation, "a port must be decimal digits only"));
    CHECK(error.parameter == NULL && error.offset == 14);
    CHECK(rdu_parse(TEXT("x://h#f"), RDU_GRAMMAR_ABSOLUTE_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "unexpected-fragment"));
    CHECK(rdu_parse(TEXT("x:y"), RDU_GRAMMAR_RELATIVE_REFERENCE, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "unexpected-scheme"));

    /* NULL and length 0: the empty input, a valid relative reference and no URI. */
    CHECK(rdu_parse(NULL, 0, RDU_GRAMMAR_URI_REFERENCE, &components, &error) == RDU_STATUS_OK);
    CHECK(range_is(components.path, 0, 0) && absent(components.scheme));
    CHECK(rdu_parse("", 0, RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "missing-scheme") && error.offset == 0);

    /* Arguments that cannot be used: nothing is read or written. */
    error = stale_error();
    CHECK(rdu_parse(NULL, 5, RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(same_text(error.code, "stale"));
    CHECK(rdu_parse(adal, strlen(adal), RDU_GRAMMAR_URI, NULL, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_parse(adal, strlen(adal), 4, &components, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_parse(adal, strlen(adal), -1, &components, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_parse(adal, (size_t)-1, RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_ARGUMENT);

    /* Invalid UTF-8 and a NUL inside: refused where they are, never repaired. */
    CHECK(rdu_parse(TEXT("http://h\xC3\x28/"), RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-authority-character") && error.offset == 8);
    CHECK(rdu_parse(TEXT("http://h/\xFF\xFE"), RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-path-character") && error.offset == 9);
    CHECK(rdu_parse(TEXT("http://h\0st/"), RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(error.offset == 8);
    CHECK(rdu_parse(TEXT("x://h?a=\0"), RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-query-character") && error.offset == 8);
}

static void parse_megabyte(void) {
    const size_t size = 1024 * 1024;
    char *input = malloc(size);
    rdu_components components;
    rdu_error error;
    CHECK(input != NULL);
    if (input == NULL) return;
    /* 1 MB of path: valid. */
    memcpy(input, "http://h/", 9);
    memset(input + 9, 'a', size - 9);
    CHECK(rdu_parse(input, size, RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_OK);
    CHECK(range_is(components.path, 8, (int64_t)size - 8));
    /* A bad byte at its very end. */
    input[size - 1] = ' ';
    CHECK(rdu_parse(input, size, RDU_GRAMMAR_URI, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(error.offset == (int64_t)size - 1);
    /* 1 MB of 0xFF. */
    memset(input, 0xFF, size);
    CHECK(rdu_parse(input, size, RDU_GRAMMAR_URI_REFERENCE, &components, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(error.offset == 0);
    free(input);
}

static void classify(void) {
    rdu_classification shape;
    rdu_error error = stale_error();
    CHECK(rdu_classify(TEXT("x-msauth-mytestiosapp://com.myapp.mytestapp"), &shape, &error) == RDU_STATUS_OK);
    CHECK(error_cleared(error));
    CHECK(shape.form == RDU_FORM_ADAL_BROKER && shape.carries_bundle_id == 1);
    CHECK(range_is(shape.bundle_id, 24, 19));
    CHECK(range_is(shape.components.scheme, 0, 21));

    CHECK(rdu_classify(TEXT("msauth.com.contoso.MailApp://auth"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_MSAL_BROKER && range_is(shape.bundle_id, 7, 19));
    CHECK(rdu_classify(TEXT("msal6731de76-14a6-49ae-97bc-6eba6914391e://auth"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_MSAL_CLIENT_ID && shape.carries_bundle_id == 0 && absent(shape.bundle_id));
    CHECK(rdu_classify(TEXT("msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_CERTIFICATE_AUTH && range_is(shape.bundle_id, 44, 19));
    CHECK(rdu_classify(TEXT("msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_ANDROID_BROKER && absent(shape.bundle_id));
    CHECK(rdu_classify(TEXT("com.example.app:/oauth2redirect/provider"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_PRIVATE_USE);
    CHECK(rdu_classify(TEXT("http://127.0.0.1:51004/callback"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_LOOPBACK);
    CHECK(rdu_classify(TEXT("https://login.example.com/cb"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_HTTPS);
    CHECK(rdu_classify(TEXT("myapp://callback"), &shape, NULL) == RDU_STATUS_OK);
    CHECK(shape.form == RDU_FORM_OTHER && shape.carries_bundle_id == 0);

    /* Not a URI: the parse error. A relative reference is no redirect URI. */
    CHECK(rdu_classify(TEXT("/relative"), &shape, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "missing-scheme"));
    CHECK(rdu_classify(NULL, 0, &shape, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_classify(TEXT("msauth.com.app\xE2\x80\x8B://auth"), &shape, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(error.offset == 14);
    CHECK(rdu_classify(NULL, 3, &shape, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_classify(TEXT("x://h"), NULL, &error) == RDU_STATUS_INVALID_ARGUMENT);

    /* Every form has its stable name; other values have none. */
    CHECK(same_text(rdu_form_name(RDU_FORM_ADAL_BROKER), "adal-broker"));
    CHECK(same_text(rdu_form_name(RDU_FORM_MSAL_BROKER), "msal-broker"));
    CHECK(same_text(rdu_form_name(RDU_FORM_MSAL_CLIENT_ID), "msal-client-id"));
    CHECK(same_text(rdu_form_name(RDU_FORM_CERTIFICATE_AUTH), "certificate-auth"));
    CHECK(same_text(rdu_form_name(RDU_FORM_ANDROID_BROKER), "android-broker"));
    CHECK(same_text(rdu_form_name(RDU_FORM_PRIVATE_USE), "private-use"));
    CHECK(same_text(rdu_form_name(RDU_FORM_LOOPBACK), "loopback"));
    CHECK(same_text(rdu_form_name(RDU_FORM_HTTPS), "https"));
    CHECK(same_text(rdu_form_name(RDU_FORM_OTHER), "other"));
    CHECK(rdu_form_name(-1) == NULL && rdu_form_name(RDU_FORM_OTHER + 1) == NULL);
}

static void copy_bundle_id(void) {
    char buffer[64];
    size_t length = 0;
    rdu_error error = stale_error();
    /* A wrapper that percent-encodes its bundle ID: decoded. */
    const char *wrapper = "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.m%79testapp";
    CHECK(rdu_copy_bundle_id(wrapper, strlen(wrapper), buffer, sizeof buffer, &length, &error) == RDU_STATUS_OK);
    CHECK(error_cleared(error));
    CHECK(length == 19 && same_text(buffer, "com.myapp.mytestapp"));

    /* The length first, then a buffer one byte too small (untouched), then the exact size. */
    CHECK(rdu_copy_bundle_id(TEXT("msauth.com.contoso.app://auth"), NULL, 0, &length, NULL) == RDU_STATUS_BUFFER_TOO_SMALL);
    CHECK(length == 15);
    memset(buffer, '#', sizeof buffer);
    CHECK(rdu_copy_bundle_id(TEXT("msauth.com.contoso.app://auth"), buffer, 15, &length, NULL) == RDU_STATUS_BUFFER_TOO_SMALL);
    CHECK(length == 15 && buffer[0] == '#' && buffer[14] == '#');
    CHECK(rdu_copy_bundle_id(TEXT("msauth.com.contoso.app://auth"), buffer, 16, &length, NULL) == RDU_STATUS_OK);
    CHECK(same_text(buffer, "com.contoso.app") && buffer[16] == '#');

    /* None: length 0 and an empty string. */
    CHECK(rdu_copy_bundle_id(TEXT("https://login.example.com/cb"), buffer, sizeof buffer, &length, NULL) == RDU_STATUS_OK);
    CHECK(length == 0 && buffer[0] == '\0');

    CHECK(rdu_copy_bundle_id(TEXT("not a uri"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(error.code != NULL && error.offset == 3);
    CHECK(rdu_copy_bundle_id(TEXT("x://h"), NULL, 4, &length, NULL) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_copy_bundle_id(TEXT("x://h"), buffer, sizeof buffer, NULL, NULL) == RDU_STATUS_INVALID_ARGUMENT);
}

/* Builds with a buffer of exactly `expected`'s size, then one byte smaller, and checks both. */
static int built_exactly(rdu_status (*build)(char *, size_t, size_t *, rdu_error *), const char *expected) {
    char buffer[256];
    size_t length = 0;
    size_t needed = strlen(expected);
    rdu_error error = stale_error();
    int ok = 1;
    memset(buffer, '#', sizeof buffer);
    ok &= build(buffer, needed, &length, &error) == RDU_STATUS_BUFFER_TOO_SMALL;
    ok &= length == needed && buffer[0] == '#';
    ok &= build(NULL, 0, &length, NULL) == RDU_STATUS_BUFFER_TOO_SMALL && length == needed;
    ok &= build(buffer, needed + 1, &length, &error) == RDU_STATUS_OK;
    ok &= length == needed && strcmp(buffer, expected) == 0 && buffer[needed + 1] == '#';
    ok &= error_cleared(error);
    return ok;
}

static rdu_status adal(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_adal_broker(TEXT("x-msauth-mytestiosapp"), TEXT("com.myapp.mytestapp"), b, c, l, e);
}
static rdu_status msal(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_msal_broker(TEXT("com.contoso.MailApp"), b, c, l, e);
}
static rdu_status client_id(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_msal_client_id(TEXT("6731de76-14a6-49ae-97bc-6eba6914391e"), b, c, l, e);
}
static rdu_status wrapper(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_certificate_auth(TEXT("x-msauth-mytestiosapp://com.myapp.mytestapp"), b, c, l, e);
}
static const uint8_t signature_hash[20] = {215, 2, 42, 93, 42, 129, 143, 188, 62, 135, 93, 89, 137, 251, 39, 171, 8, 50, 42, 182};
static rdu_status android(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_android_broker(TEXT("com.example.app"), signature_hash, sizeof signature_hash, b, c, l, e);
}
static rdu_status private_use(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_private_use(TEXT("com.example.app"), TEXT("/oauth2redirect/provider"), b, c, l, e);
}
static rdu_status loopback(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_loopback(RDU_LOOPBACK_IPV4, 51004, TEXT("/callback"), b, c, l, e);
}
static rdu_status loopback6(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_loopback(RDU_LOOPBACK_IPV6, 0, TEXT("/cb"), b, c, l, e);
}
static rdu_status https(char *b, size_t c, size_t *l, rdu_error *e) {
    return rdu_build_https(TEXT("login.example.com"), TEXT("/cb"), b, c, l, e);
}

static void build(void) {
    char buffer[128];
    size_t length = 0;
    rdu_error error;
    CHECK(built_exactly(adal, "x-msauth-mytestiosapp://com.myapp.mytestapp"));
    CHECK(built_exactly(msal, "msauth.com.contoso.MailApp://auth"));
    CHECK(built_exactly(client_id, "msal6731de76-14a6-49ae-97bc-6eba6914391e://auth"));
    CHECK(built_exactly(wrapper, "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp"));
    CHECK(built_exactly(android, "msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D"));
    CHECK(built_exactly(private_use, "com.example.app:/oauth2redirect/provider"));
    CHECK(built_exactly(loopback, "http://127.0.0.1:51004/callback"));
    CHECK(built_exactly(loopback6, "http://[::1]/cb"));
    CHECK(built_exactly(https, "https://login.example.com/cb"));

    /* Parts that make no redirect URI of the form: the library's build error codes. */
    CHECK(rdu_build_msal_broker(TEXT("com..app"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-part") && error.explanation != NULL);
    CHECK(rdu_build_adal_broker(TEXT("msauth.x"), TEXT("com.app"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "wrong-form"));
    CHECK(rdu_build_adal_broker(TEXT("bad scheme"), TEXT("com.app"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-uri") && error.offset == 3);
    CHECK(rdu_build_msal_client_id(TEXT("not-a-uuid"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "wrong-form"));
    CHECK(rdu_build_certificate_auth(TEXT("https://login.example.com/cb"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-part"));
    CHECK(rdu_build_certificate_auth(TEXT("not a uri"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-uri") && error.offset == 3);
    CHECK(rdu_build_android_broker(TEXT("com.example.app"), signature_hash, 19, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-part"));
    CHECK(rdu_build_loopback(RDU_LOOPBACK_IPV4, 65536, TEXT("/cb"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-part"));
    CHECK(rdu_build_loopback(RDU_LOOPBACK_IPV4, -1, TEXT("/cb"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_build_private_use(TEXT("com.example.app"), TEXT("no-slash"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_build_https(TEXT("login.example.com"), TEXT("/cb#f"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);

    /* Empty parts, invalid UTF-8 and NUL inside a part: refused, never repaired. */
    CHECK(rdu_build_msal_broker(NULL, 0, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_build_msal_broker(TEXT("com.app\xC3"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_build_msal_broker(TEXT("com.app\0evil"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_build_https(TEXT("h\0st"), TEXT("/cb"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_build_private_use(TEXT("com.example.app"), TEXT("/\xFF"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);

    /* Arguments that cannot be used. */
    CHECK(rdu_build_msal_broker(NULL, 3, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_msal_broker(TEXT("com.app"), NULL, 10, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_msal_broker(TEXT("com.app"), buffer, sizeof buffer, NULL, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_msal_broker(TEXT("com.app"), buffer, (size_t)-1, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_loopback(2, 0, TEXT("/cb"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_android_broker(TEXT("com.example.app"), NULL, 20, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_adal_broker(NULL, 1, TEXT("com.app"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_adal_broker(TEXT("x-app"), NULL, 1, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_msal_client_id(NULL, 1, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_certificate_auth(NULL, 1, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_private_use(TEXT("com.app"), NULL, 1, buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_https(NULL, 1, TEXT("/"), buffer, sizeof buffer, &length, &error) == RDU_STATUS_INVALID_ARGUMENT);
}

static const char registered_msal[] = "msauth.com.contoso.app://auth";
static const char registered_adal[] = "x-msauth-mytestiosapp://com.myapp.mytestapp";

#define COMPLETE_REQUEST                                                                        \
    "msauthv2://broker?msg_protocol_ver=3"                                                      \
    "&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon"                               \
    "&client_id=00000000-0000-0000-0000-000000000001&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth" \
    "&scope=openid&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11"                         \
    "&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D&client_version=1.2.3"
static const char complete_request[] = COMPLETE_REQUEST;

static void verify(void) {
    const char *registered[3] = {registered_adal, "not a uri", registered_msal};
    size_t lengths[3] = {sizeof registered_adal - 1, 9, sizeof registered_msal - 1};
    rdu_verifier *verifier = NULL;
    rdu_verdict verdict;
    char explanation[512];

    CHECK(rdu_verifier_create(registered, lengths, 3, &verifier) == RDU_STATUS_OK);
    CHECK(verifier != NULL);
    if (verifier == NULL) return;

    /* The OS reported a same-team caller: its identity is proven. */
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT("com.contoso.app"), &verdict, explanation,
                                  sizeof explanation) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_REPORTED_BY_OS);
    CHECK(verdict.rule == NULL && verdict.requirement == NULL && verdict.matched == 2);
    CHECK(verdict.explanation_length == strlen(explanation) && strstr(explanation, "com.contoso.app") != NULL);

    /* The OS did not name the caller: accepted on the registration, identity claimed. */
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_adal), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI && verdict.matched == 0);
    CHECK(verdict.explanation_length == 0);
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_adal), NULL, 7, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.identity == RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI);

    /* Another app: rejected by rule bundle-id, with the library's identifier and requirement. */
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT("com.evil.app"), &verdict, explanation,
                                  sizeof explanation) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && verdict.identity == RDU_IDENTITY_REPORTED_BY_OS && verdict.matched == -1);
    CHECK(same_text(verdict.rule, "bundle-id"));
    CHECK(same_text(verdict.requirement, "the bundle ID in the redirect URI must equal the caller's bundle ID exactly"));
    CHECK(strstr(explanation, "com.evil.app") != NULL);

    /* The explanation cut short as snprintf does: one byte too small loses its last byte. */
    {
        size_t whole = verdict.explanation_length;
        char *small = malloc(whole);
        CHECK(small != NULL);
        if (small != NULL) {
            CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT("com.evil.app"), &verdict, small, whole) ==
                  RDU_STATUS_OK);
            CHECK(verdict.explanation_length == whole && strlen(small) == whole - 1);
            CHECK(strncmp(small, explanation, whole - 1) == 0);
            free(small);
        }
        CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT("com.evil.app"), &verdict, explanation, 1) ==
              RDU_STATUS_OK);
        CHECK(explanation[0] == '\0' && verdict.explanation_length == whole);
    }

    /* Rules in order: a fragment, no match, a caller's bundle ID that is none. */
    CHECK(rdu_verify_redirect_uri(verifier, TEXT("msauth.com.contoso.app://auth#"), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "fragment"));
    CHECK(rdu_verify_redirect_uri(verifier, TEXT("msauth.com.contoso.app://auth/"), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "exact-match"));
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT(""), &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "bundle-id"));

    /* Bad bytes: rule syntax, never a crash. */
    CHECK(rdu_verify_redirect_uri(verifier, NULL, 0, NULL, 0, &verdict, explanation, sizeof explanation) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "syntax"));
    CHECK(rdu_verify_redirect_uri(verifier, TEXT("msauth.com.contoso.app://auth\xC3"), NULL, 0, &verdict, NULL, 0) ==
          RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "syntax"));
    CHECK(rdu_verify_redirect_uri(verifier, TEXT("msauth.com.contoso.app://auth\0"), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "syntax"));
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT("com.contoso.app\0"), &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "bundle-id"));
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), TEXT("com.contoso.app\xFF"), &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "bundle-id"));

    /* A broker request as a whole. */
    CHECK(rdu_verify_request(verifier, TEXT(complete_request), TEXT("com.contoso.app"), &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_REPORTED_BY_OS && verdict.matched == 2);
    CHECK(rdu_verify_request(verifier, TEXT(complete_request), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI);
    CHECK(rdu_verify_request(verifier, TEXT(complete_request), TEXT("com.evil.app"), &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "bundle-id"));
    CHECK(rdu_verify_request(verifier, TEXT("msauthv2://broker?redirect_uri=a&redirect_uri=b"), NULL, 0, &verdict, explanation,
                             sizeof explanation) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "ambiguous-parameters") && strstr(explanation, "redirect_uri") != NULL);
    CHECK(rdu_verify_request(verifier, TEXT("msauthv2://broker?client_id=x"), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && verdict.rule != NULL);
    /* A request without broker_key: nothing to encrypt the answer to. The rule names the field. */
    {
        const char *without_key = strstr(complete_request, "&broker_key=");
        char request[sizeof complete_request];
        size_t head = (size_t)(without_key - complete_request);
        memcpy(request, complete_request, head);
        memcpy(request + head, "&client_version=1.2.3", 22);
        CHECK(rdu_verify_request(verifier, request, strlen(request), TEXT("com.contoso.app"), &verdict, NULL, 0) == RDU_STATUS_OK);
        CHECK(verdict.accepted == 0 && same_text(verdict.rule, "missing-field") && same_text(verdict.field, "broker_key"));
        CHECK(verdict.identity == RDU_IDENTITY_REPORTED_BY_OS);
    }
    CHECK(rdu_verify_request(verifier, TEXT(complete_request), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.field == NULL);
    CHECK(rdu_verify_request(verifier, NULL, 0, NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && verdict.rule != NULL);
    CHECK(rdu_verify_request(verifier, TEXT("msauthv2://broker?redirect_uri=\xC3\x28"), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0);
    CHECK(rdu_verify_request(verifier, TEXT("msauthv2://broker?redirect_uri=\0"), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0);

    /* Arguments that cannot be used. */
    CHECK(rdu_verify_redirect_uri(NULL, TEXT(registered_msal), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), NULL, 0, NULL, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verify_redirect_uri(verifier, NULL, 4, NULL, 0, &verdict, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), NULL, 0, &verdict, NULL, 8) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verify_request(NULL, TEXT(complete_request), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verify_request(verifier, TEXT(complete_request), "com.app", (size_t)-1, &verdict, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    rdu_verifier_release(verifier);
    rdu_verifier_release(NULL);

    /* Verifiers of nothing, and of lists that cannot be read. */
    verifier = NULL;
    CHECK(rdu_verifier_create(NULL, NULL, 0, &verifier) == RDU_STATUS_OK && verifier != NULL);
    if (verifier != NULL) {
        CHECK(rdu_verify_redirect_uri(verifier, TEXT(registered_msal), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
        CHECK(verdict.accepted == 0 && same_text(verdict.rule, "exact-match"));
        rdu_verifier_release(verifier);
    }
    CHECK(rdu_verifier_create(NULL, lengths, 1, &verifier) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verifier_create(registered, NULL, 1, &verifier) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_verifier_create(registered, lengths, 3, NULL) == RDU_STATUS_INVALID_ARGUMENT);
    {
        const char *with_null[1] = {NULL};
        size_t one[1] = {1};
        CHECK(rdu_verifier_create(with_null, one, 1, &verifier) == RDU_STATUS_INVALID_ARGUMENT);
    }
}

static void verify_megabyte(void) {
    const size_t size = 1024 * 1024;
    const char *registered[1] = {registered_msal};
    size_t lengths[1] = {sizeof registered_msal - 1};
    rdu_verifier *verifier = NULL;
    rdu_verdict verdict;
    char *input = malloc(size);
    CHECK(input != NULL);
    if (input == NULL) return;
    CHECK(rdu_verifier_create(registered, lengths, 1, &verifier) == RDU_STATUS_OK);
    memcpy(input, registered_msal, sizeof registered_msal - 1);
    memset(input + sizeof registered_msal - 1, 'a', size - (sizeof registered_msal - 1));
    CHECK(rdu_verify_redirect_uri(verifier, input, size, TEXT("com.contoso.app"), &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "exact-match"));
    memcpy(input, "msauthv2://broker?redirect_uri=", 31);
    CHECK(rdu_verify_request(verifier, input, size, NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0);
    rdu_verifier_release(verifier);
    free(input);
}

#define HASH "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08"

static void read_broker_response(void) {
    rdu_broker_response response;
    rdu_error error = stale_error();
    const char *success = "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0&hash=" HASH
                          "&broker_nonce=n0nce";
    CHECK(rdu_read_broker_response(success, strlen(success), &response, &error) == RDU_STATUS_OK);
    CHECK(error_cleared(error));
    CHECK(response.kind == RDU_RESPONSE_SUCCESS && response.protocol_version == 3);
    CHECK(range_is(response.redirect_uri, 0, 29));
    CHECK(range_is(response.response, 58, 19));
    CHECK(range_is(response.hash, 83, 64));
    CHECK(range_is(response.broker_nonce, 161, 5));
    CHECK(absent(response.error_code));

    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth/broker?error_code=-50005&error_description=no"), &response,
                                   &error) == RDU_STATUS_OK);
    CHECK(response.kind == RDU_RESPONSE_ERROR && response.protocol_version == -1);
    CHECK(range_is(response.redirect_uri, 0, 36) && range_is(response.error_code, 48, 6));
    CHECK(absent(response.response) && absent(response.hash) && absent(response.broker_nonce));

    /* What a response must not be: the library's message error codes, with the parameter. */
    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh"), &response, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "missing-parameter") && same_text(error.parameter, "hash") && error.explanation != NULL);
    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth?error_code=1&error_code=2"), &response, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "duplicate-parameter") && same_text(error.parameter, "error_code"));
    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth"), &response, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "not-a-broker-response"));
    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth?error_code=1#"), &response, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth?error_code=\xC3\x28"), &response, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-uri") && error.offset == 41);
    CHECK(rdu_read_broker_response(TEXT("msauth.com.contoso.app://auth?error_code=\0"), &response, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(error.offset == 41);
    CHECK(rdu_read_broker_response(NULL, 0, &response, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_read_broker_response(NULL, 2, &response, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_read_broker_response(success, strlen(success), NULL, &error) == RDU_STATUS_INVALID_ARGUMENT);

    {
        /* A 1 MB ciphertext. */
        const size_t size = 1024 * 1024;
        const char head[] = "msauth.com.contoso.app://auth?msg_protocol_ver=3&hash=" HASH "&response=";
        char *input = malloc(size);
        CHECK(input != NULL);
        if (input != NULL) {
            memcpy(input, head, sizeof head - 1);
            memset(input + sizeof head - 1, 'A', size - (sizeof head - 1));
            CHECK(rdu_read_broker_response(input, size, &response, NULL) == RDU_STATUS_OK);
            CHECK(range_is(response.response, (int64_t)sizeof head - 1, (int64_t)(size - (sizeof head - 1))));
            free(input);
        }
    }
}

static void answer(void) {
    char buffer[512];
    size_t length = 0;
    rdu_error error = stale_error();
    rdu_broker_response response;
    const char expected[] = "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0&hash=" HASH;
    const char expected_nonce[] =
        "msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJhbGciOiJub25lIn0&hash=" HASH "&broker_nonce=n0nce";

    /* The request's redirect URI, and its nonce echoed when it sent one. */
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), TEXT("eyJhbGciOiJub25lIn0"), TEXT(HASH), buffer, sizeof buffer,
                                     &length, &error) == RDU_STATUS_OK);
    CHECK(error_cleared(error) && length == sizeof expected - 1 && same_text(buffer, expected));
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST "&broker_nonce=n0nce"), TEXT("eyJhbGciOiJub25lIn0"), TEXT(HASH),
                                     buffer, sizeof buffer, &length, &error) == RDU_STATUS_OK);
    CHECK(same_text(buffer, expected_nonce));
    CHECK(rdu_read_broker_response(buffer, length, &response, NULL) == RDU_STATUS_OK);
    CHECK(response.kind == RDU_RESPONSE_SUCCESS && range_is(response.broker_nonce, 161, 5));

    /* One byte too small: nothing written, the length told. */
    memset(buffer, '#', sizeof buffer);
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), TEXT("eyJhbGciOiJub25lIn0"), TEXT(HASH), buffer,
                                     sizeof expected - 1, &length, &error) == RDU_STATUS_BUFFER_TOO_SMALL);
    CHECK(length == sizeof expected - 1 && buffer[0] == '#');

    /* What cannot be answered, or answered so: the library's message error codes. */
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), TEXT("eyJhbGciOiJub25lIn0"), TEXT("9f86"), buffer, sizeof buffer,
                                     &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-value") && same_text(error.parameter, "hash"));
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), TEXT("eyJ\xFF"), TEXT(HASH), buffer, sizeof buffer, &length,
                                     &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-value") && same_text(error.parameter, "response"));
    CHECK(rdu_build_success_response(TEXT("msauthv2://broker?redirect_uri=a&redirect_uri=b"), TEXT("eyJh"), TEXT(HASH), buffer,
                                     sizeof buffer, &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "duplicate-parameter") && same_text(error.parameter, "redirect_uri"));
    CHECK(rdu_build_success_response(TEXT("msauth.com.contoso.app://auth"), TEXT("eyJh"), TEXT(HASH), buffer, sizeof buffer,
                                     &length, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "not-a-broker-request"));
    CHECK(rdu_build_success_response(NULL, 0, TEXT("eyJh"), TEXT(HASH), buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_INVALID_INPUT);

    /* An error answer, with and without its description. */
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), TEXT("-50005"), TEXT("user canceled"), buffer, sizeof buffer,
                                   &length, &error) == RDU_STATUS_OK);
    CHECK(same_text(buffer, "msauth.com.contoso.app://auth?error_code=-50005&error_description=user+canceled"));
    CHECK(rdu_read_broker_response(buffer, length, &response, NULL) == RDU_STATUS_OK && response.kind == RDU_RESPONSE_ERROR);
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), TEXT("-50005"), NULL, 9, buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_OK);
    CHECK(same_text(buffer, "msauth.com.contoso.app://auth?error_code=-50005"));
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), NULL, 0, NULL, 0, buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-value") && same_text(error.parameter, "error_code"));
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), TEXT("-1"), TEXT("caf\xC3"), buffer, sizeof buffer, &length,
                                   &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.parameter, "error_description"));
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), TEXT("-1"), TEXT("a\0b"), buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_OK);
    CHECK(strstr(buffer, "error_description=a%00b") != NULL);

    /* Arguments that cannot be used. */
    CHECK(rdu_build_success_response(NULL, 4, TEXT("eyJh"), TEXT(HASH), buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), NULL, 4, TEXT(HASH), buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), TEXT("eyJh"), NULL, 64, buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_success_response(TEXT(COMPLETE_REQUEST), TEXT("eyJh"), TEXT(HASH), buffer, sizeof buffer, NULL, &error) ==
          RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), NULL, 2, NULL, 0, buffer, sizeof buffer, &length, &error) ==
          RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), TEXT("-1"), "x", (size_t)-1, buffer, sizeof buffer, &length,
                                   &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_build_error_response(TEXT(COMPLETE_REQUEST), TEXT("-1"), NULL, 0, NULL, 1, &length, &error) ==
          RDU_STATUS_INVALID_ARGUMENT);
}

#define CLIENT_1 "00000000-0000-0000-0000-000000000001"
#define CLIENT_2 "00000000-0000-0000-0000-000000000002"

static void registrations(void) {
    const char json[] = "{\"" CLIENT_1 "\": [\"msauth.com.contoso.app://auth\"], \"" CLIENT_2
                        "\": [\"x-msauth-fabrikam://com.fabrikam.app\", \"msauth.com.fabrikam.app://auth\"]}";
    const char manifest[] = "{\"appId\": \"" CLIENT_1 "\", \"publicClient\": {\"redirectUris\": [\"msauth.com.contoso.app://auth\"]}}";
    rdu_registrations *registered = NULL;
    rdu_error error = stale_error();
    rdu_verdict verdict;
    char explanation[512];

    CHECK(rdu_registrations_create_json(TEXT(json), &registered, &error) == RDU_STATUS_OK);
    CHECK(registered != NULL && error_cleared(error));
    if (registered == NULL) return;
    /* The request's client's registrations: reported and not reported. */
    CHECK(rdu_registrations_verify_request(registered, TEXT(complete_request), TEXT("com.contoso.app"), &verdict, explanation,
                                           sizeof explanation) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_REPORTED_BY_OS && verdict.matched == 0);
    CHECK(verdict.rule == NULL && verdict.field == NULL && verdict.explanation_length == strlen(explanation));
    CHECK(rdu_registrations_verify_request(registered, TEXT(complete_request), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI);
    CHECK(rdu_registrations_verify_request(registered, TEXT(complete_request), TEXT("com.evil.app"), &verdict, NULL, 0) ==
          RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "bundle-id"));
    {
        /* The same request for another client: contoso's redirect URI is not registered for it. */
        char request[sizeof complete_request];
        char *client = NULL;
        memcpy(request, complete_request, sizeof complete_request);
        client = strstr(request, CLIENT_1);
        CHECK(client != NULL);
        if (client != NULL) {
            client[35] = '2';
            CHECK(rdu_registrations_verify_request(registered, request, strlen(request), NULL, 0, &verdict, explanation,
                                                   sizeof explanation) == RDU_STATUS_OK);
            CHECK(verdict.accepted == 0 && same_text(verdict.rule, "exact-match") && strstr(explanation, CLIENT_1) != NULL);
            client[35] = '3';
            CHECK(rdu_registrations_verify_request(registered, request, strlen(request), NULL, 0, &verdict, NULL, 0) ==
                  RDU_STATUS_OK);
            CHECK(verdict.accepted == 0 && same_text(verdict.rule, "unregistered-client-id"));
            CHECK(same_text(verdict.field, "client_id") && verdict.identity == RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI);
        }
    }
    /* Bad requests: a verdict, never a crash. */
    CHECK(rdu_registrations_verify_request(registered, NULL, 0, NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
    CHECK(same_text(verdict.rule, "syntax"));
    CHECK(rdu_registrations_verify_request(registered, TEXT("msauthv2://broker?client_id=\xC3\x28"), NULL, 0, &verdict, NULL, 0) ==
          RDU_STATUS_OK);
    CHECK(verdict.accepted == 0);
    CHECK(rdu_registrations_verify_request(registered, TEXT("msauthv2://broker?client_id=\0"), NULL, 0, &verdict, NULL, 0) ==
          RDU_STATUS_OK);
    CHECK(verdict.accepted == 0);
    CHECK(rdu_registrations_verify_request(NULL, TEXT(complete_request), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_registrations_verify_request(registered, TEXT(complete_request), NULL, 0, NULL, NULL, 0) ==
          RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_registrations_verify_request(registered, NULL, 1, NULL, 0, &verdict, NULL, 0) == RDU_STATUS_INVALID_ARGUMENT);
    rdu_registrations_release(registered);
    rdu_registrations_release(NULL);

    /* An Entra ID application manifest. */
    registered = NULL;
    CHECK(rdu_registrations_create_json(TEXT(manifest), &registered, NULL) == RDU_STATUS_OK && registered != NULL);
    if (registered != NULL) {
        CHECK(rdu_registrations_verify_request(registered, TEXT(complete_request), NULL, 0, &verdict, NULL, 0) == RDU_STATUS_OK);
        CHECK(verdict.accepted == 1 && verdict.matched == 0);
        rdu_registrations_release(registered);
    }

    /* What is not registrations: the library's codes, with the offset in the JSON. */
    error = stale_error();
    CHECK(rdu_registrations_create_json(TEXT("{\"a\": [1,]}"), &registered, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-json") && error.offset == 9 && error.explanation != NULL);
    CHECK(rdu_registrations_create_json(TEXT("[1]"), &registered, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "unexpected-registrations-shape"));
    CHECK(rdu_registrations_create_json(TEXT("{\"not-a-uuid\": []}"), &registered, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-client-id"));
    CHECK(rdu_registrations_create_json(TEXT("{\"" CLIENT_1 "\": [\"\xC3\x28\"]}"), &registered, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "invalid-json"));
    CHECK(rdu_registrations_create_json(TEXT("{\"" CLIENT_1 "\": [\"a\0\"]}"), &registered, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_registrations_create_json(NULL, 0, &registered, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_registrations_create_json(NULL, 2, &registered, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_registrations_create_json(TEXT(json), NULL, &error) == RDU_STATUS_INVALID_ARGUMENT);
}

static void round_trip(void) {
    char answer[512];
    size_t length = 0;
    rdu_verdict verdict;
    rdu_error error = stale_error();
    char explanation[512];
    const char request[] = COMPLETE_REQUEST "&broker_nonce=n0nce";

    /* The answer the broker builds for a request answers it. */
    CHECK(rdu_build_success_response(TEXT(request), TEXT("eyJhbGciOiJub25lIn0"), TEXT(HASH), answer, sizeof answer, &length,
                                     NULL) == RDU_STATUS_OK);
    CHECK(rdu_check_round_trip(TEXT(request), answer, length, &verdict, explanation, sizeof explanation, &error) == RDU_STATUS_OK);
    CHECK(error_cleared(error) && verdict.accepted == 1 && verdict.identity == RDU_IDENTITY_NONE && verdict.rule == NULL);
    CHECK(verdict.explanation_length == strlen(explanation));
    /* Made for another request: the nonce differs, is missing, or was never sent. */
    CHECK(rdu_check_round_trip(TEXT(COMPLETE_REQUEST "&broker_nonce=other"), answer, length, &verdict, NULL, 0, &error) ==
          RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "broker-nonce") && same_text(verdict.field, "broker_nonce"));
    CHECK(rdu_check_round_trip(TEXT(request), TEXT("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=" HASH),
                               &verdict, NULL, 0, &error) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "broker-nonce"));
    /* Back somewhere else. */
    CHECK(rdu_check_round_trip(TEXT(COMPLETE_REQUEST),
                               TEXT("msauth.com.evil.app://auth?msg_protocol_ver=3&response=eyJh&hash=" HASH), &verdict, NULL, 0,
                               &error) == RDU_STATUS_OK);
    CHECK(verdict.accepted == 0 && same_text(verdict.rule, "response-redirect"));
    /* An ADAL request is answered in version 2, and version 3 is not one it reads. */
    {
        const char adal[] =
            "msauth://broker?max_protocol_ver=2&authority=https%3A%2F%2Flogin.microsoftonline.com%2Fcommon&client_id=" CLIENT_1
            "&redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth&resource=https%3A%2F%2Fgraph.microsoft.com"
            "&correlation_id=b0b5e4b1-8c55-4b8f-9f0f-3d2b8c1c9a11&broker_key=q3eQh1lA2y0k7u_8-Jq4s5t6u7v8w9x0y1z2A3B4C5D"
            "&client_version=1.2.3";
        CHECK(rdu_build_success_response(TEXT(adal), TEXT("eyJh"), TEXT(HASH), answer, sizeof answer, &length, &error) ==
              RDU_STATUS_OK);
        CHECK(strstr(answer, "msg_protocol_ver=2") != NULL);
        CHECK(rdu_check_round_trip(TEXT(adal), answer, length, &verdict, NULL, 0, &error) == RDU_STATUS_OK && verdict.accepted == 1);
        CHECK(rdu_check_round_trip(TEXT(adal), TEXT("msauth.com.contoso.app://auth?msg_protocol_ver=3&response=eyJh&hash=" HASH),
                                   &verdict, NULL, 0, &error) == RDU_STATUS_OK);
        CHECK(verdict.accepted == 0 && same_text(verdict.rule, "protocol-version"));
    }
    /* URLs that are no request or no response: the library's message errors. */
    CHECK(rdu_check_round_trip(TEXT(request), TEXT("msauth.com.contoso.app://auth"), &verdict, NULL, 0, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "not-a-broker-response"));
    CHECK(rdu_check_round_trip(TEXT("msauthv2://broker?redirect_uri=a&redirect_uri=b"), answer, length, &verdict, NULL, 0, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(same_text(error.code, "duplicate-parameter"));
    CHECK(rdu_check_round_trip(NULL, 0, answer, length, &verdict, NULL, 0, &error) == RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_check_round_trip(TEXT(request), TEXT("msauth.com.contoso.app://auth?error_code=\xC3"), &verdict, NULL, 0, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_check_round_trip(TEXT(request), TEXT("msauth.com.contoso.app://auth?error_code=\0"), &verdict, NULL, 0, &error) ==
          RDU_STATUS_INVALID_INPUT);
    CHECK(rdu_check_round_trip(NULL, 1, answer, length, &verdict, NULL, 0, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_check_round_trip(TEXT(request), NULL, 1, &verdict, NULL, 0, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_check_round_trip(TEXT(request), answer, length, NULL, NULL, 0, &error) == RDU_STATUS_INVALID_ARGUMENT);
    CHECK(rdu_check_round_trip(TEXT(request), answer, length, &verdict, NULL, 4, &error) == RDU_STATUS_INVALID_ARGUMENT);
}

int rdu_test_program_run(rdu_test_failure report, void *context) {
    failure_report = report;
    failure_context = context;
    checks_run = 0;
    version();
    parse();
    parse_megabyte();
    classify();
    copy_bundle_id();
    build();
    verify();
    verify_megabyte();
    read_broker_response();
    answer();
    registrations();
    round_trip();
    return checks_run;
}
