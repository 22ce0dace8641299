/*
 * The C test program of redirect_uri.h, as a function the Swift test suite calls (so that it
 * runs inside `swift test`): every function of the header, with good input and bad.
 */
#ifndef RDU_TEST_PROGRAM_H
#define RDU_TEST_PROGRAM_H

#ifdef __cplusplus
extern "C" {
#endif

/** Called once for each check that fails: the C file, the line and the check's text. */
typedef void (*rdu_test_failure)(void *context, const char *file, int line, const char *check);

/** Runs every check, reports each failure through `report`, and returns the number of checks
    run (failed or not). */
int rdu_test_program_run(rdu_test_failure report, void *context);

#ifdef __cplusplus
}
#endif

#endif
