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
    algebra::RankExchange part =
        algebra::rankExchange(s, d, ranks, rank, bytes ? std::max<int64_t>(algebra::kDirectRunBytes / bytes, 1) : 0);
    std::string pack = part.pack.str(), unpack = part.unpack.str();
    out = published(new layoutc_exchange{std::move(part), std::move(pack), std::move(unpack)});
  });
}

void layoutc_exchange_destroy(layoutc_exchange *exchange) {
  freeHandle(exchange, "layoutc_exchange_destroy", "exchange");
}

layoutc_status layoutc_exchange_layouts(const layoutc_exchange *exchange, const char **pack, const char **unpack,
                                        int64_t *chunk) {
  constexpr const char *fn = "layoutc_exchange_layouts";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    need(pack, fn, "pack") = e.pack.c_str();
    need(unpack, fn, "unpack") = e.unpack.c_str();
    need(chunk, fn, "chunk") = e.part.chunk;
  });
}

layoutc_status layoutc_exchange_peers(const layoutc_exchange *exchange, int receive, const int64_t **ranks,
                                      size_t *count) {
  constexpr const char *fn = "layoutc_exchange_peers";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    if (receive != 0 && receive != 1)
      refuseArgument(fn, "receive",
                     "is " + std::to_string(receive) + ", not 0 (the send buffer) or 1 (the receive buffer)");
    const std::vector<int64_t> &peers = receive ? e.part.receiveFrom : e.part.sendTo;
    const int64_t *&r = need(ranks, fn, "ranks");
    size_t &n = need(count, fn, "count");
    r = peers.data();
    n = peers.size();
  });
}

layoutc_status layoutc_exchange_runs(const layoutc_exchange *exchange, int64_t *run, const int64_t **offsets,
                                     size_t *count) {
  constexpr const char *fn = "layoutc_exchange_runs";
  return guard(fn, [&] {
    const layoutc_exchange &e = need(exchange, fn, "exchange");
    need(run, fn, "run") = e.part.run;
    need(offsets, fn, "offsets") = e.part.receiveRuns.data();
    need(count, fn, "count") = e.part.receiveRuns.size();
  });
}

layoutc_status layoutc_exchange_destination_extent(const layoutc_exchange *exchange, int64_t *extent) {
  constexpr const char *fn = "layoutc_exchange_destination_extent";
  return guard(fn, [&] { need(extent, fn, "extent") = need(exchange, fn, "exchange").part.destinationExtent; });
}

} // extern "C"
