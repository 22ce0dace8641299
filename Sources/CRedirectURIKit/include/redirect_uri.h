/*
 * redirect_uri.h — the C API of swift-redirect-uri, for Objective-C, C and C++ callers (and any
 * language that calls C: .NET through P/Invoke, Rust, Kotlin/Native).
 *
 * The same library as the Swift API, through stable C types only:
 *
 * - Input is bytes: a pointer and a length. The bytes need no NUL terminator, may hold any value
 *   (NUL, invalid UTF-8) and are only read. A NULL pointer is allowed with length 0 and means the
 *   empty input.
 * - Output is offsets into the caller's bytes (rdu_range), never pointers into library memory,
 *   and text written into buffers the caller owns (with the size needed when it is too small).
 *   The library allocates memory that outlives a call only for rdu_registrations and
 *   rdu_verifier, which rdu_registrations_release and rdu_verifier_release free.
 * - Codes and sentences (error codes, rule identifiers, form names) are the library's own
 *   strings, the same as the Swift API's: `const char *` to storage that lives as long as the
 *   process. Never free them.
 * - Every function that reads input returns an rdu_status, and no function aborts on bad input.
 *   Every function may be called from any thread at the same time; rdu_registrations and
 *   rdu_verifier are immutable and may be shared.
 *
 * Identifiers start with rdu_ (functions and types) and RDU_ (constants and macros).
 */
#ifndef REDIRECT_URI_H
#define REDIRECT_URI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

/** The major version of the library this header belongs to. */
#define RDU_VERSION_MAJOR 0
/** The minor version of the library this header belongs to. */
#define RDU_VERSION_MINOR 1
/** The patch version of the library this header belongs to. */
#define RDU_VERSION_PATCH 0
/** The version of the library this header belongs to, as MAJOR.MINOR.PATCH. */
#define RDU_VERSION "0.1.0"

/**
 * The version of the library linked into the program, as MAJOR.MINOR.PATCH ("0.1.0"): equal to
 * RDU_VERSION when the header and the library come from the same release.
 */
const char *rdu_version(void);

/* ---------------------------------------------------------------------------------------------
 * Status, errors and ranges
 * ------------------------------------------------------------------------------------------- */

/** What every function returns: one of the RDU_STATUS_ constants. */
typedef int32_t rdu_status;

enum {
    /** The function did what was asked. */
    RDU_STATUS_OK = 0,
    /** A pointer the function needs is NULL (or NULL with a non-zero length), or a constant is
        out of its range. Nothing was read or written. */
    RDU_STATUS_INVALID_ARGUMENT = 1,
    /** The input is not what the function reads (not a URI, not a broker response, parts that
        make no redirect URI): the rdu_error says why and where. */
    RDU_STATUS_INVALID_INPUT = 2,
    /** The output buffer is too small: the length written through the function's length
        pointer is what the text needs (one more byte for its NUL). Nothing was written. */
    RDU_STATUS_BUFFER_TOO_SMALL = 3
};

/**
 * Why an input was refused (RDU_STATUS_INVALID_INPUT), in the library's own terms.
 *
 * Every function that can refuse an input takes an optional `rdu_error *`; pass NULL when only
 * the status matters. On RDU_STATUS_OK the error is cleared (code NULL, offset -1).
 */
typedef struct rdu_error {
    /** The stable code, e.g. "invalid-port" (static storage), or NULL when there is no error. */
    const char *code;
    /** The sentence that explains the code's rule (static storage), or NULL. */
    const char *explanation;
    /** The name of the broker message parameter at fault, e.g. "hash" (static storage), or
        NULL when the error names no parameter. */
    const char *parameter;
    /** The byte offset in the input where the problem is, or -1 when it has none. */
    int64_t offset;
} rdu_error;

/** Where something lies in the caller's bytes: `offset` -1 (and `length` 0) when it is absent,
    which is not the same as present and empty. */
typedef struct rdu_range {
    /** The byte offset of the first byte, or -1 when absent. */
    int64_t offset;
    /** The number of bytes. */
    int64_t length;
} rdu_range;

/* ---------------------------------------------------------------------------------------------
 * Strict RFC 3986 parsing
 * ------------------------------------------------------------------------------------------- */

/** Which RFC 3986 rule the input must match: one of the RDU_GRAMMAR_ constants. */
typedef int32_t rdu_grammar;

enum {
    /** URI-reference: a URI or a relative reference (RFC 3986 §4.1). */
    RDU_GRAMMAR_URI_REFERENCE = 0,
    /** URI: a scheme, and maybe a fragment (RFC 3986 §3). */
    RDU_GRAMMAR_URI = 1,
    /** absolute-URI: a scheme and no fragment (RFC 3986 §4.3). */
    RDU_GRAMMAR_ABSOLUTE_URI = 2,
    /** relative-ref: no scheme (RFC 3986 §4.2). */
    RDU_GRAMMAR_RELATIVE_REFERENCE = 3
};

/** The kind of host an authority names: one of the RDU_HOST_ constants. */
typedef int32_t rdu_host_kind;

enum {
    /** No authority, so no host. */
    RDU_HOST_NONE = 0,
    /** A registered name (reg-name), possibly empty. */
    RDU_HOST_REG_NAME = 1,
    /** An IPv4 address. */
    RDU_HOST_IPV4 = 2,
    /** An IP literal holding an IPv6 address (brackets included in the host's range). */
    RDU_HOST_IPV6 = 3,
    /** An IP literal holding an IPvFuture address. */
    RDU_HOST_IPVFUTURE = 4
};

/**
 * Where each component of a parsed URI reference lies, without its delimiters: the scheme
 * without ':', the authority without "//", the userinfo without '@', the port without ':', the
 * query without '?', the fragment without '#'. An IP-literal host includes its brackets. The
 * path is always present (possibly empty); the others are absent when the input has no
 * delimiter for them ("x://h?" has an empty query, "x://h" none).
 */
typedef struct rdu_components {
    /** The scheme (RFC 3986 §3.1), case as written. */
    rdu_range scheme;
    /** The authority (§3.2). */
    rdu_range authority;
    /** The userinfo (§3.2.1). */
    rdu_range userinfo;
    /** The host (§3.2.2), case as written; present whenever the authority is. */
    rdu_range host;
    /** The port text (§3.2.3), present but empty in "http://h:/". */
    rdu_range port;
    /** The path (§3.3). */
    rdu_range path;
    /** The query (§3.4). */
    rdu_range query;
    /** The fragment (§3.5). */
    rdu_range fragment;
    /** The kind of host: an RDU_HOST_ constant. */
    rdu_host_kind host_kind;
    /** Always 0 (keeps the struct's size a multiple of 8 everywhere). */
    int32_t reserved;
} rdu_components;

/**
 * Parses `length` bytes at `input` against `grammar`, strictly: anything outside the grammar
 * (non-ASCII, space, a control byte, '%' without two hex digits, …) is an error, never repaired.
 *
 * Returns RDU_STATUS_OK and fills `components`, or RDU_STATUS_INVALID_INPUT with the error's code
 * (the library's URI parse error codes, e.g. "invalid-host-character") and the offset of the first
 * byte no valid reference can have there (the input's length when it ends too early). Inputs
 * longer than 16 MiB fail with "input-too-long".
 */
rdu_status rdu_parse(const char *input, size_t length, rdu_grammar grammar, rdu_components *components,
                     rdu_error *error);

/* ---------------------------------------------------------------------------------------------
 * Redirect-URI forms and bundle IDs
 * ------------------------------------------------------------------------------------------- */

/** A redirect-URI form: one of the RDU_FORM_ constants. */
typedef int32_t rdu_form;

enum {
    /** "<app-scheme>://<bundle.id>": the bundle ID is the host. */
    RDU_FORM_ADAL_BROKER = 0,
    /** "msauth.<bundle.id>://auth": the bundle ID is the scheme after "msauth.". */
    RDU_FORM_MSAL_BROKER = 1,
    /** "msal<client-id>://auth": names a client registration, not an app. */
    RDU_FORM_MSAL_CLIENT_ID = 2,
    /** "msauth://code/<percent-encoded broker redirect URI>": the bundle ID is the inner URI's. */
    RDU_FORM_CERTIFICATE_AUTH = 3,
    /** "msauth://<package>/<percent-encoded base64 SHA-1 of the signing certificate>". */
    RDU_FORM_ANDROID_BROKER = 4,
    /** "<reverse-DNS scheme>:/<path>" (RFC 8252 §7.1). */
    RDU_FORM_PRIVATE_USE = 5,
    /** "http://127.0.0.1:<port>/…" or "http://[::1]:<port>/…" (RFC 8252 §7.3). */
    RDU_FORM_LOOPBACK = 6,
    /** "https://<host>/…", a claimed https redirect (RFC 8252 §7.2). */
    RDU_FORM_HTTPS = 7,
    /** None of the above. */
    RDU_FORM_OTHER = 8
};

/** The form's stable name, as the Swift API, the command and its JSON write it ("adal-broker",
    "msal-broker", …; static storage), or NULL for a value that is no RDU_FORM_ constant. */
const char *rdu_form_name(rdu_form form);

/** A redirect URI's form, where its bundle ID is written, and its components. */
typedef struct rdu_classification {
    /** The form: an RDU_FORM_ constant. */
    rdu_form form;
    /** 1 when the form carries an Apple bundle ID (ADAL, MSAL, certificate-auth), else 0. */
    int32_t carries_bundle_id;
    /** Where the bundle ID is written in the input (case kept). Absent when the form carries
        none, and for a certificate-auth wrapper that percent-encodes a byte of its bundle ID
        (no SDK does): rdu_copy_bundle_id decodes that one. */
    rdu_range bundle_id;
    /** The components of the URI. */
    rdu_components components;
} rdu_classification;

/**
 * Parses `input` as an absolute URI (RFC 3986 `URI`) and decides its redirect-URI form, in place:
 * nothing is copied or allocated. Returns RDU_STATUS_INVALID_INPUT with the parse error when the
 * input is not a URI; any URI has a form (RDU_FORM_OTHER when it matches none).
 */
rdu_status rdu_classify(const char *input, size_t length, rdu_classification *classification,
                        rdu_error *error);

/**
 * Writes the bundle ID that the redirect URI `input` carries into `buffer`, followed by a NUL,
 * and its length (without the NUL) to `*bundle_id_length`; a certificate-auth wrapper's is its
 * decoded inner URI's. A bundle ID is never empty: length 0 (and an empty string) means the URI
 * carries none. Returns RDU_STATUS_INVALID_INPUT with the parse error when the input is not a
 * URI, and RDU_STATUS_BUFFER_TOO_SMALL (with the length needed) when `capacity` is not at least
 * the length plus one. `buffer` may be NULL when `capacity` is 0, to ask for the length.
 */
rdu_status rdu_copy_bundle_id(const char *input, size_t length, char *buffer, size_t capacity,
                              size_t *bundle_id_length, rdu_error *error);

/* ---------------------------------------------------------------------------------------------
 * Building redirect URIs
 *
 * Each builder writes the URI of its form into `buffer`, followed by a NUL, and its length
 * (without the NUL) to `*uri_length`. It first classifies what it wrote and checks that the form
 * and the parts come back unchanged, so it never writes a URI that means something else: parts
 * that do not make the form are RDU_STATUS_INVALID_INPUT with the library's build error codes
 * ("invalid-part", "invalid-uri", "wrong-form", "parts-do-not-round-trip"). When `capacity` is
 * not at least the length plus one, the builder returns RDU_STATUS_BUFFER_TOO_SMALL with the
 * length in `*uri_length` and writes nothing; `buffer` may be NULL when `capacity` is 0.
 * ------------------------------------------------------------------------------------------- */

/** "<scheme>://<bundle_id>", the ADAL broker form. */
rdu_status rdu_build_adal_broker(const char *scheme, size_t scheme_length, const char *bundle_id,
                                 size_t bundle_id_length, char *buffer, size_t capacity, size_t *uri_length,
                                 rdu_error *error);

/** "msauth.<bundle_id>://auth", the MSAL broker form. */
rdu_status rdu_build_msal_broker(const char *bundle_id, size_t bundle_id_length, char *buffer, size_t capacity,
                                 size_t *uri_length, rdu_error *error);

/** "msal<client_id>://auth", MSAL's client-ID form; the client ID is a UUID. */
rdu_status rdu_build_msal_client_id(const char *client_id, size_t client_id_length, char *buffer,
                                    size_t capacity, size_t *uri_length, rdu_error *error);

/** "msauth://code/<inner, percent-encoded with uppercase hex>", the certificate-auth wrapper of
    an ADAL or MSAL broker redirect URI. */
rdu_status rdu_build_certificate_auth(const char *inner, size_t inner_length, char *buffer, size_t capacity,
                                      size_t *uri_length, rdu_error *error);

/** "msauth://<package>/<percent-encoded base64 of the signing certificate's SHA-1>", the
    Android broker form; `signature_hash_length` must be 20. */
rdu_status rdu_build_android_broker(const char *package, size_t package_length, const uint8_t *signature_hash,
                                    size_t signature_hash_length, char *buffer, size_t capacity,
                                    size_t *uri_length, rdu_error *error);

/** "<scheme>:<path>", a private-use redirect (RFC 8252 §7.1): a reverse-DNS scheme and a path
    that is empty or starts with '/'. */
rdu_status rdu_build_private_use(const char *scheme, size_t scheme_length, const char *path, size_t path_length,
                                 char *buffer, size_t capacity, size_t *uri_length, rdu_error *error);

/** A loopback host literal of RFC 8252 §7.3: one of the RDU_LOOPBACK_ constants. */
typedef int32_t rdu_loopback_host;

enum {
    /** 127.0.0.1 */
    RDU_LOOPBACK_IPV4 = 0,
    /** [::1] */
    RDU_LOOPBACK_IPV6 = 1
};

/** "http://<127.0.0.1 | [::1]>[:<port>]<path>" (RFC 8252 §7.3); `port` 0 writes no port, any
    other must be 1–65535. */
rdu_status rdu_build_loopback(rdu_loopback_host host, int32_t port, const char *path, size_t path_length,
                              char *buffer, size_t capacity, size_t *uri_length, rdu_error *error);

/** "https://<host><path>", a claimed https redirect (RFC 8252 §7.2). */
rdu_status rdu_build_https(const char *host, size_t host_length, const char *path, size_t path_length,
                           char *buffer, size_t capacity, size_t *uri_length, rdu_error *error);

/* ---------------------------------------------------------------------------------------------
 * Verification (the broker's and the server's check)
 * ------------------------------------------------------------------------------------------- */

/** The redirect URIs registered for an app (opaque, immutable: share it between threads). */
typedef struct rdu_verifier rdu_verifier;

/**
 * Makes a verifier for the `count` registered redirect URIs at `registered` (each
 * `registered_lengths[i]` bytes long) and writes it to `*verifier`. Registrations that are not
 * URIs are kept (they never match). Release it with rdu_verifier_release. `registered` and
 * `registered_lengths` may be NULL when `count` is 0.
 */
rdu_status rdu_verifier_create(const char *const *registered, const size_t *registered_lengths, size_t count,
                               rdu_verifier **verifier);

/** Frees a verifier made by rdu_verifier_create; NULL is ignored. No call may use it after. */
void rdu_verifier_release(rdu_verifier *verifier);

/** Which identity of the caller a verdict rests on: one of the RDU_IDENTITY_ constants (the
    library's `reported-by-os` and `claimed-by-redirect-uri`). */
typedef int32_t rdu_identity;

enum {
    /** The verdict judges no caller (a round-trip check). */
    RDU_IDENTITY_NONE = 0,
    /** The OS reported the caller's bundle ID (a same-team caller on iOS 13 and later): rule
        "bundle-id" held the redirect URI's bundle ID to it. */
    RDU_IDENTITY_REPORTED_BY_OS = 1,
    /** The OS did not name the caller: the bundle ID is the redirect URI's claim, and an
        acceptance rests on the registration for the request's client ID, the response encrypted
        to the request's broker_key and, with msauthv3, the broker_nonce it must echo. */
    RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI = 2
};

/** The outcome of a verification. */
typedef struct rdu_verdict {
    /** 1 when accepted, 0 when rejected. */
    int32_t accepted;
    /** What the caller's identity rests on: an RDU_IDENTITY_ constant. */
    rdu_identity identity;
    /** The identifier of the rule that failed ("exact-match", "bundle-id", …; static storage),
        or NULL when accepted. */
    const char *rule;
    /** The failed rule's requirement, one sentence (static storage), or NULL when accepted. */
    const char *requirement;
    /** The broker message field a failed rule is about ("broker_key" for a request without
        one, "broker_nonce", "client_id"; static storage), or NULL. */
    const char *field;
    /** The index of the registration that matched (in the order given to the verifier), or -1. */
    int64_t matched;
    /** The length of the verdict's explanation in bytes, without its NUL, whether or not it fit
        in the buffer (as snprintf counts); 0 when no buffer was given (the explanation is then
        not worked out, which makes a rejection cheaper). An explanation may quote the input,
        NUL bytes included: read it by this length when the input may hold one. */
    size_t explanation_length;
} rdu_verdict;

/**
 * Verifies a presented redirect URI (any bytes) against the verifier's registrations.
 *
 * `caller_bundle_id` is the bundle ID the OS reported for the calling app (on iOS, the
 * `sourceApplication` option: reported only for apps of the broker's own developer team). Pass
 * NULL when the OS did not report one: rule "bundle-id" cannot run, and the verdict's identity
 * is RDU_IDENTITY_CLAIMED_BY_REDIRECT_URI.
 *
 * Returns RDU_STATUS_OK whenever a verdict was reached, accepted or not. When `explanation` is
 * not NULL, the verdict's explanation is written there as snprintf would: at most
 * `explanation_capacity - 1` bytes and a NUL, cut short when it does not fit
 * (`verdict->explanation_length` is the whole length).
 */
rdu_status rdu_verify_redirect_uri(const rdu_verifier *verifier, const char *presented, size_t presented_length,
                                   const char *caller_bundle_id, size_t caller_bundle_id_length,
                                   rdu_verdict *verdict, char *explanation, size_t explanation_capacity);

/**
 * Verifies a broker request URL (any bytes) as a whole against the verifier's registrations: its
 * parameters must be unambiguous, the fields its protocol requires must be there and well formed
 * (broker_key above all; broker_nonce with msauthv3), it must carry a redirect_uri, and that
 * redirect URI is verified as rdu_verify_redirect_uri does (then rule "client-id").
 * `caller_bundle_id`, `verdict` and `explanation` as there. A broker that serves several clients
 * verifies against the registrations of the request's client ID: rdu_registrations_verify_request.
 */
rdu_status rdu_verify_request(const rdu_verifier *verifier, const char *request, size_t request_length,
                              const char *caller_bundle_id, size_t caller_bundle_id_length, rdu_verdict *verdict,
                              char *explanation, size_t explanation_capacity);

/** The redirect URIs registered for each client ID (opaque, immutable: share it between
    threads). */
typedef struct rdu_registrations rdu_registrations;

/**
 * Reads registrations from JSON (any bytes) and writes them to `*registrations`: an Entra ID
 * application manifest (its appId and public-client redirect URIs), an array of manifests, or an
 * object from client ID to an array of redirect URIs (`{"<client-id>": ["msauth.com.contoso.app://auth"]}`).
 * Returns RDU_STATUS_INVALID_INPUT with the library's registrations error (code and the offset in
 * the JSON) when the bytes are none of these. Release them with rdu_registrations_release.
 */
rdu_status rdu_registrations_create_json(const char *json, size_t length, rdu_registrations **registrations,
                                         rdu_error *error);

/** Frees registrations made by rdu_registrations_create_json; NULL is ignored. */
void rdu_registrations_release(rdu_registrations *registrations);

/**
 * Verifies a broker request URL (any bytes) against the redirect URIs registered for its
 * client_id: the request-wide rules of rdu_verify_request, then "unregistered-client-id" when its
 * client has none, then the redirect rules against that client's (a redirect URI registered for
 * another client does not match). `verdict->matched` is the index among that client's redirect
 * URIs. `caller_bundle_id`, `verdict` and `explanation` as for rdu_verify_redirect_uri.
 */
rdu_status rdu_registrations_verify_request(const rdu_registrations *registrations, const char *request,
                                            size_t request_length, const char *caller_bundle_id,
                                            size_t caller_bundle_id_length, rdu_verdict *verdict, char *explanation,
                                            size_t explanation_capacity);

/* ---------------------------------------------------------------------------------------------
 * Broker responses (the app's side of the round trip)
 * ------------------------------------------------------------------------------------------- */

/** A broker response's kind: one of the RDU_RESPONSE_ constants. */
typedef int32_t rdu_response_kind;

enum {
    /** msg_protocol_ver, response (base64url ciphertext) and hash. */
    RDU_RESPONSE_SUCCESS = 0,
    /** error_code, in the clear. */
    RDU_RESPONSE_ERROR = 1
};

/** Where a broker response's fields lie in the response URL. Values are as written (form
    encoding not undone): the ciphertext and the hash need no decoding. */
typedef struct rdu_broker_response {
    /** Success or error: an RDU_RESPONSE_ constant. */
    rdu_response_kind kind;
    /** msg_protocol_ver, or -1 when absent. */
    int32_t protocol_version;
    /** The redirect URI the response came back to: everything before '?'. */
    rdu_range redirect_uri;
    /** response: unpadded base64url ciphertext (success). */
    rdu_range response;
    /** hash: 64 uppercase hex digits, a SHA-256 (success). */
    rdu_range hash;
    /** broker_nonce, when the broker echoed one. */
    rdu_range broker_nonce;
    /** error_code (error). */
    rdu_range error_code;
} rdu_broker_response;

/**
 * Reads a broker response URL: the app's redirect URI with the broker's parameters. Returns
 * RDU_STATUS_INVALID_INPUT with the library's broker message error (code, parameter and offset
 * when it has one) when the URL is not a well-formed response: a parameter twice or under a
 * look-alike name, a missing or malformed field, a fragment, no query.
 */
rdu_status rdu_read_broker_response(const char *url, size_t length, rdu_broker_response *response,
                                    rdu_error *error);

/**
 * Checks that the broker response URL `response` answers `request`, the request the app sent
 * (the app's check before it decrypts anything): rule "response-redirect" (it comes back to the
 * request's redirect URI, or its /broker sub-route), "broker-nonce" (it echoes the request's
 * broker_nonce exactly when the request sent one) and "protocol-version" (a version the request
 * reads). Returns RDU_STATUS_OK with the verdict (identity RDU_IDENTITY_NONE: a round trip judges
 * no caller), or RDU_STATUS_INVALID_INPUT with the library's broker message error when either URL
 * is not a well-formed request or response (then `verdict` is not written). `explanation` as for
 * rdu_verify_redirect_uri.
 */
rdu_status rdu_check_round_trip(const char *request, size_t request_length, const char *response,
                                size_t response_length, rdu_verdict *verdict, char *explanation,
                                size_t explanation_capacity, rdu_error *error);

/* ---------------------------------------------------------------------------------------------
 * The broker's answer
 *
 * The broker answers a request it accepted by opening the request's redirect URI with its
 * response. Each builder reads the request (`request`, the URL the app opened the broker with),
 * writes the answer at the request's redirect URI, and reads what it wrote back as a response:
 * RDU_STATUS_INVALID_INPUT with the library's broker message error when the request is not one
 * (a parameter twice, no single valid redirect_uri, …) or the answer would not read back as a
 * response. Output as for the redirect-URI builders: the URL and a NUL in `buffer`, its length
 * in `*url_length`, RDU_STATUS_BUFFER_TOO_SMALL when `capacity` is not at least that plus one.
 * ------------------------------------------------------------------------------------------- */

/**
 * A success answer: msg_protocol_ver in the version the request reads (ADAL's max_protocol_ver=2
 * is answered in version 2), `response` (the ciphertext, unpadded base64url, encrypted to the
 * request's broker_key) and `hash` (its SHA-256, 64 uppercase hex digits), with the request's
 * broker_nonce echoed when it sent one: rdu_check_round_trip accepts it for that request.
 */
rdu_status rdu_build_success_response(const char *request, size_t request_length, const char *response,
                                      size_t response_length, const char *hash, size_t hash_length, char *buffer,
                                      size_t capacity, size_t *url_length, rdu_error *error);

/** An error answer: error_code (not empty), an error_description when `error_description` is
    not NULL, form-encoded, and the request's broker_nonce echoed when it sent one. */
rdu_status rdu_build_error_response(const char *request, size_t request_length, const char *error_code,
                                    size_t error_code_length, const char *error_description,
                                    size_t error_description_length, char *buffer, size_t capacity,
                                    size_t *url_length, rdu_error *error);

#ifdef __cplusplus
}
#endif

#endif /* REDIRECT_URI_H */
