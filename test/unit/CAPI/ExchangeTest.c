/*===- ExchangeTest.c - layoutc_exchange_* from C -------------------------===*/
#include "CApiCheck.h"

#include <string.h>

/* Ulysses, (B=2, S=4, H=4, D=2) row-major over 2 ranks, sequence- to
   head-parallel: rank 1's piece layouts, peers and piece starts in whole
   chunks (the values AlgebraTests checks against brute force). */
static void testUlysses(void) {
  layoutc_exchange *e = NULL;
  EXPECT_OK(layoutc_exchange_create("(2,(2,2),4,2):(16,(8,1@1),2,1)", "(2,4,(2,2),2):(16,4,(2,1@1),1)", 2, 1, 0, &e));
  const char *pack = NULL, *unpack = NULL;
  int64_t chunk = 0, pieces = 0, run = -1;
  EXPECT_OK(layoutc_exchange_layouts(e, &pack, &unpack, &chunk, &pieces));
  CHECK(pack && strcmp(pack, "(4,4):(1,8)") == 0);
  CHECK(unpack && strcmp(unpack, "(8,2):(1,16)") == 0);
  CHECK(chunk == 16 && pieces == 1);
  const int64_t *peers = NULL, *offsets = NULL;
  size_t n = 0;
  EXPECT_OK(layoutc_exchange_peers(e, 0, &peers, &n));
  CHECK(n == 2 && peers[0] == 0 && peers[1] == 1);
  EXPECT_OK(layoutc_exchange_peers(e, 1, &peers, &n));
  CHECK(n == 2 && peers[0] == 0 && peers[1] == 1);
  EXPECT_OK(layoutc_exchange_pieces(e, 0, &offsets, &n));
  CHECK(n == 2 && offsets[0] == 0 && offsets[1] == 4);
  EXPECT_OK(layoutc_exchange_pieces(e, 1, &offsets, &n));
  CHECK(n == 2 && offsets[0] == 0 && offsets[1] == 8);
  EXPECT_OK(layoutc_exchange_runs(e, &run, &offsets, &n));
  CHECK(run == 0 && n == 0);
  EXPECT_STATUS(layoutc_exchange_peers(e, 2, &peers, &n), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_peers: receive is 2, not 0 (the send side) or 1 (the receive side)");
  EXPECT_STATUS(layoutc_exchange_pieces(e, -1, &offsets, &n), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_pieces: receive is -1, not 0 (the send side) or 1 (the receive side)");
  EXPECT_STATUS(layoutc_exchange_layouts(e, NULL, &unpack, &chunk, &pieces), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_layouts: pack is NULL");
  EXPECT_STATUS(layoutc_exchange_layouts(e, &pack, &unpack, &chunk, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_layouts: pieces is NULL");
  layoutc_exchange_destroy(e);
  layoutc_exchange_destroy(NULL);
  /* Ulysses, (B=4, S=2048, H=4, D=512) f32: each 16 MiB chunk cut into 2
     pieces of 2 batches, each landing as 2 runs of 4 MiB: received in
     place, 2 messages a piece. */
  EXPECT_OK(layoutc_exchange_create("(4,(1024,2),4,512):(2097152,(2048,1@1),512,1)",
                                    "(4,2048,(2,2),512):(2097152,1024,(512,1@1),1)", 2, 0, 4, &e));
  EXPECT_OK(layoutc_exchange_layouts(e, &pack, &unpack, &chunk, &pieces));
  CHECK(pack && strcmp(pack, "(1024,2048):(1,2048)") == 0);
  CHECK(unpack && strcmp(unpack, "(1048576,2):(1,2097152)") == 0);
  CHECK(chunk == 4194304 && pieces == 2);
  EXPECT_OK(layoutc_exchange_runs(e, &run, &offsets, &n));
  CHECK(run == 1048576 && n == 2 && offsets[0] == 0 && offsets[1] == 2097152);
  EXPECT_OK(layoutc_exchange_pieces(e, 1, &offsets, &n));
  CHECK(n == 4 && offsets[0] == 0 && offsets[1] == 4194304 && offsets[2] == 1048576 && offsets[3] == 5242880);
  EXPECT_STATUS(layoutc_exchange_runs(e, &run, NULL, &n), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_runs: starts is NULL");
  int64_t source = 0, destination = 0;
  EXPECT_OK(layoutc_exchange_extents(e, &source, &destination));
  CHECK(source == 8388608 && destination == 8388608);
  EXPECT_STATUS(layoutc_exchange_extents(e, &source, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_exchange_extents: destination is NULL");
  layoutc_exchange_destroy(e);
  /* A handle used after its destroy is refused. */
  EXPECT_STATUS(layoutc_exchange_layouts(e, &pack, &unpack, &chunk, &pieces), LAYOUTC_ERROR_INVALID_ARGUMENT,
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
