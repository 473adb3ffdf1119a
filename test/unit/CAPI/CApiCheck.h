/*===- CApiCheck.h - The checks of the C API's tests ------------*- C -*-===
 *
 * Shared by the files of CApiTest (compiled as C): a failed check is
 * printed with its file and line and counted in `failures`, which main()
 * turns into the exit status.
 *
 *===----------------------------------------------------------------------===*/
#ifndef LAYOUTC_TEST_UNIT_CAPI_CAPICHECK_H
#define LAYOUTC_TEST_UNIT_CAPI_CAPICHECK_H

#include "layoutc/layoutc.h"

#include <stdio.h>

extern int failures;

#define CHECK(cond)                                                                                                    \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                                         \
      ++failures;                                                                                                      \
    }                                                                                                                  \
  } while (0)

/* A call's status is `expected`, and on failure the last error contains
   `message`; on success, the last error is empty. */
void expectStatus(layoutc_status got, layoutc_status expected, const char *message, const char *file, int line);
#define EXPECT_STATUS(call, status, message) expectStatus((call), (status), (message), __FILE__, __LINE__)
#define EXPECT_OK(call) expectStatus((call), LAYOUTC_OK, "", __FILE__, __LINE__)

/* layoutc_compile (CompileTest.c), its launches as the driver `mode`
   ("no-driver" or "stand-in") allows. */
void testCompile(const char *mode);
/* Bad arguments of every kind, refused before use (BoundaryTest.c). */
void testBoundary(void);
/* One rank's exchange of a redistribution (ExchangeTest.c). */
void testExchange(void);

#endif
