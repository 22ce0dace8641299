import CRedirectURIKit

// redirect_uri.h is the source of truth, and nothing in @_cdecl makes the compiler compare an
// implementation with the header's declaration: a parameter that drifted would link and then read
// the wrong register. So each implementation is passed here next to the function the header
// declares (imported from the C module), as two values of one type: if they differ in any
// parameter or in the result, this file does not compile. Never called; the check is the
// type-checker's.

/// Compiles only when `declared` and `implemented` have the same type.
@inline(never)
private func sameType<Function>(_ declared: Function, _ implemented: Function) {}

/// Every function of the header with its implementation.
private func everyImplementationHasItsDeclaredType() {
    sameType(rdu_version, cVersion)
    sameType(rdu_parse, cParse)
    sameType(rdu_form_name, cFormName)
    sameType(rdu_classify, cClassify)
    sameType(rdu_copy_bundle_id, cCopyBundleID)
    sameType(rdu_build_adal_broker, cBuildADALBroker)
    sameType(rdu_build_msal_broker, cBuildMSALBroker)
    sameType(rdu_build_msal_client_id, cBuildMSALClientID)
    sameType(rdu_build_certificate_auth, cBuildCertificateAuth)
    sameType(rdu_build_android_broker, cBuildAndroidBroker)
    sameType(rdu_build_private_use, cBuildPrivateUse)
    sameType(rdu_build_loopback, cBuildLoopback)
    sameType(rdu_build_https, cBuildHTTPS)
    sameType(rdu_verifier_create, cVerifierCreate)
    sameType(rdu_verifier_release, cVerifierRelease)
    sameType(rdu_verify_redirect_uri, cVerifyRedirectURI)
    sameType(rdu_verify_request, cVerifyRequest)
    sameType(rdu_read_broker_response, cReadBrokerResponse)
    sameType(rdu_build_success_response, cBuildSuccessResponse)
    sameType(rdu_build_error_response, cBuildErrorResponse)
    sameType(rdu_registrations_create_json, cRegistrationsCreateJSON)
    sameType(rdu_registrations_release, cRegistrationsRelease)
    sameType(rdu_registrations_verify_request, cRegistrationsVerifyRequest)
    sameType(rdu_check_round_trip, cCheckRoundTrip)
}
