/*===- ExchangeTest.c - layoutc_exchange_* from C -------------------------===*/
#include "CApiCheck.h"

#include <string.h>

/* Ulysses, (B=2, S=4, H=4, D=2) row-major over 2 ranks, sequence- to
   head-parallel: rank 1's pack and unpack layouts and peers (the values
   AlgebraTests checks against brute force). */
static void testUlysses(void) {
  layoutc_exchange *e = NULL;
  EXPECT_OK(layoutc_exchange_create("(2,(2,2),4,2):(16,(8,1@1),2,1)", "(2,4,(2,2),2):(16,4,(2,1@1),1)", 2, 1, 0, &e));
  const char *pack = NULL, *unpack = NULL;
  int64_t chunk = 0;
  EXPECT_OK(layoutc_exchange_layouts(e, &pack, &unpack, &chunk));
  CHECK(pack && strcmp(pack, "(4,4,2):(1,8,4)") == 0);
  CHECK(unpack && strcmp(unpack, "(8,2,2):(1,16,8)") == 0);
  CHECK(chunk == 16);
  const int64_t *peers = NULL;
  size_t n = 0;
  EXPECT_OK(layoutc_exchange_peers(e, 0, &peers, &n));
  CHECK(n == 2 && peers[0] == 0 && peers[1] == 1);
  EXPECT_OK(layoutc_exchange_peers(e, 1, &peers, &n));
  CHECK(n == 2 && peers[0] == 0 && peers[1] == 1);
  EXPECT_STATUS(layoutc_exchange_peers(e, 2, &peers, &n), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_peers: receive is 2, not 0 (the send buffer) or 1 (the receive buffer)");
  EXPECT_STATUS(layoutc_exchange_layouts(e, NULL, &unpack, &chunk), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_layouts: pack is NULL");
  int64_t run = -1;
  const int64_t *offsets = NULL;
  EXPECT_OK(layoutc_exchange_runs(e, &run, &offsets, &n));
  CHECK(run == 0 && n == 0);
  layoutc_exchange_destroy(e);
  layoutc_exchange_destroy(NULL);
  /* Ulysses, (B=2, S=128, H=4, D=128) f32: each chunk lands as a run of
     64 KiB per batch, received in place. */
  EXPECT_OK(layoutc_exchange_create("(2,(64,2),4,128):(32768,(512,1@1),128,1)",
                                    "(2,128,(2,2),128):(32768,256,(128,1@1),1)", 2, 0, 4, &e));
  EXPECT_OK(layoutc_exchange_runs(e, &run, &offsets, &n));
  CHECK(run == 16384 && n == 4 && offsets[0] == 0 && offsets[1] == 32768 && offsets[2] == 16384 && offsets[3] == 49152);
  int64_t extent = 0;
  EXPECT_OK(layoutc_exchange_destination_extent(e, &extent));
  CHECK(extent == 65536);
  EXPECT_STATUS(layoutc_exchange_destination_extent(e, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_destination_extent: extent is NULL");
  layoutc_exchange_destroy(e);
  /* A handle used after its destroy is refused. */
  EXPECT_STATUS(layoutc_exchange_layouts(e, &pack, &unpack, &chunk), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_layouts: exchange is not a live layoutc_exchange");
  layoutc_exchange_destroy(e);
  CHECK(strstr(layoutc_last_error(), "layoutc_exchange_destroy: exchange is not a live layoutc_exchange") != NULL);
}

/* A rank outside the destination receives nothing. */
static void testIdleRank(void) {
  layoutc_exchange *e = NULL;
  EXPECT_OK(layoutc_exchange_create("(4,2):(1,1@1)", "(2,4):(1@1,1)", 3, 2, 0, &e));
  const int64_t *peers = NULL;
  size_t n = 7;
  EXPECT_OK(layoutc_exchange_peers(e, 1, &peers, &n));
  CHECK(n == 0);
  layoutc_exchange_destroy(e);
}

static void testErrors(void) {
  layoutc_exchange *e = (layoutc_exchange *)1;
  EXPECT_STATUS(layoutc_exchange_create("(3,2):(1,1@1)", "(2,3):(1@1,1)", 2, 0, 0, &e), LAYOUTC_ERROR_ALGEBRA,
                "cut 6 indices into pieces that do not divide one another");
  CHECK(e == NULL);
  EXPECT_STATUS(layoutc_exchange_create("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, 5, 0, &e), LAYOUTC_ERROR_ALGEBRA,
                "exchange_plan: rank is 5, not within 0..1");
  EXPECT_STATUS(layoutc_exchange_create("(4,2", "(4,2):(1,1@1)", 2, 0, 0, &e), LAYOUTC_ERROR_ALGEBRA, "(4,2");
  EXPECT_STATUS(layoutc_exchange_create("size((4,2):(1,2))", "(4,2):(1,1@1)", 2, 0, 0, &e),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_exchange_create: source is ");
  EXPECT_STATUS(layoutc_exchange_create("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, 0, -1, &e), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_create: element_bytes");
  EXPECT_STATUS(layoutc_exchange_create("(4,2):(1,1@1)", NULL, 2, 0, 0, &e), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_create: destination is NULL");
  EXPECT_STATUS(layoutc_exchange_create("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, 0, 0, NULL),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_exchange_create: result is NULL");
}

void testExchange(void) {
  testUlysses();
  testIdleRank();
  testErrors();
}
