//===- Exchange.cpp - The C API's redistribution: one rank's exchange -----===//
#include "Boundary.h"

#include "layoutc/Algebra/Exchange.h"
#include "layoutc/Algebra/Expression.h"

#include <algorithm>
#include <string>

using namespace layoutc;
using namespace layoutc::capi;

struct layoutc_exchange {
  algebra::RankExchange part;
  std::string pack, unpack;
};

namespace {

// The layout the expression `text` (the argument `argument`) gives.
algebra::Layout layoutArgument(const char *text, const char *function, const char *argument) {
  algebra::Expected<algebra::Value> v = algebra::evaluateExpression(&need(text, function, argument));
  if (!v)
    throw v.error();
  if (v.value().kind != algebra::Value::Kind::Layout)
    refuseArgument(function, argument, "is " + v.value().describe() + ", not a layout");
  return v.value().layout();
}

} // namespace

extern "C" {

layoutc_status layoutc_exchange_create(const char *source, const char *destination, int64_t ranks, int64_t rank,
                                       int64_t element_bytes, layoutc_exchange **result) {
  constexpr const char *fn = "layoutc_exchange_create";
  return guard(fn, [&] {
    layoutc_exchange *&out = need(result, fn, "result");
    out = nullptr;
    algebra::Layout s = layoutArgument(source, fn, "source"), d = layoutArgument(destination, fn, "destination");
    int64_t bytes = nonNegative(element_bytes, fn, "element_bytes");
    auto elements = [bytes](int64_t b) { return bytes ? std::max<int64_t>(b / bytes, 1) : 0; };
    algebra::RankExchange part =
        algebra::rankExchange(s, d, ranks, rank, elements(algebra::kPieceBytes), elements(algebra::kDirectRunBytes));
    std::string pack = part.piecePack.str(), unpack = part.pieceUnpack.str();
    out = published(new layoutc_exchange{std::move(part), std::move(pack), std::move(unpack)});
  });
}

void layoutc_exchange_destroy(layoutc_exchange *exchange) {
  freeHandle(exchange, "layoutc_exchange_destroy", "exchange");
}

layoutc_status layoutc_exchange_layouts(const layoutc_exchange *exchange, const char **pack, const char **unpack,
                                        int64_t *chunk, int64_t *pieces) {
  constexpr const char *fn = "layoutc_exchange_layouts";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    need(pack, fn, "pack") = e.pack.c_str();
    need(unpack, fn, "unpack") = e.unpack.c_str();
    need(chunk, fn, "chunk") = e.part.chunk;
    need(pieces, fn, "pieces") = e.part.pieces;
  });
}

// The argument `receive`, checked: 1 for the receive side, 0 the send.
bool receiveSide(int receive, const char *fn) {
  if (receive != 0 && receive != 1)
    refuseArgument(fn, "receive", "is " + std::to_string(receive) + ", not 0 (the send side) or 1 (the receive side)");
  return receive == 1;
}

layoutc_status layoutc_exchange_peers(const layoutc_exchange *exchange, int receive, const int64_t **ranks,
                                      size_t *count) {
  constexpr const char *fn = "layoutc_exchange_peers";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    const std::vector<int64_t> &peers = receiveSide(receive, fn) ? e.part.receiveFrom : e.part.sendTo;
    need(ranks, fn, "ranks") = peers.data();
    need(count, fn, "count") = peers.size();
  });
}

layoutc_status layoutc_exchange_pieces(const layoutc_exchange *exchange, int receive, const int64_t **offsets,
                                       size_t *count) {
  constexpr const char *fn = "layoutc_exchange_pieces";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    const std::vector<int64_t> &at = receiveSide(receive, fn) ? e.part.receiveAt : e.part.sendAt;
    need(offsets, fn, "offsets") = at.data();
    need(count, fn, "count") = at.size();
  });
}

layoutc_status layoutc_exchange_runs(const layoutc_exchange *exchange, int64_t *run, const int64_t **starts,
                                     size_t *count) {
  constexpr const char *fn = "layoutc_exchange_runs";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    need(run, fn, "run") = e.part.run;
    need(starts, fn, "starts") = e.part.runStarts.data();
    need(count, fn, "count") = e.part.runStarts.size();
  });
}

layoutc_status layoutc_exchange_extents(const layoutc_exchange *exchange, int64_t *source, int64_t *destination) {
  constexpr const char *fn = "layoutc_exchange_extents";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    need(source, fn, "source") = e.part.sourceExtent;
    need(destination, fn, "destination") = e.part.destinationExtent;
  });
}

} // extern "C"
