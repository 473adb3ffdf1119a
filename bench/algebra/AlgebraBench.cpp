//===- AlgebraBench.cpp - Throughput of the layout algebra ----------------===//
//
// Operations per second on pre-parsed layouts (small and deep), the corpus's
// composition cases, and `eval --tsv` over the whole public corpus (parse,
// evaluate, print). bench/algebra/run.sh runs the corpus's compositions
// beside pycute, CuTe's Python reference, in one run.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/CaseFile.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

using namespace layoutc::algebra;

namespace {

Layout L(const char *text) { return parseLayout(text).value(); }

std::vector<Case> loadCases(const std::string &file) {
  std::ifstream in(std::string(LAYOUTC_CORPUS_DIR) + "/" + file);
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line))
    if (std::optional<Case> c = parseCaseLine(line))
      cases.push_back(*c);
  return cases;
}

// Small: CuTe's documentation example. Deep: depth-3 operands.
const Layout kSmallA = L("(6,2):(8,2)"), kSmallB = L("(4,3):(3,1)");
const Layout kDeepA = L("((2,(2,2)),((2,2),(4,2))):((64,(1,32)),((2,8),(4,128)))");
const Layout kDeepB = L("((2,(2,2)),(2,(2,4))):((1,(4,16)),(2,(8,64)))");

void BM_CompositionSmall(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(composition(kSmallA, kSmallB));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CompositionSmall);

void BM_CompositionDeep(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(composition(kDeepA, kDeepB));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CompositionDeep);

void BM_ComplementSmall(benchmark::State &state) {
  Layout a = L("(2,2):(1,6)");
  for (auto _ : state)
    benchmark::DoNotOptimize(complement(a, IntTuple(24)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ComplementSmall);

void BM_ComplementDeep(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(complement(kDeepB, IntTuple(8192)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ComplementDeep);

void BM_LogicalDivideSmall(benchmark::State &state) {
  Layout a = L("(4,2,3):(2,1,8)");
  Tiler t = Tiler::ofLayout(L("4:2"));
  for (auto _ : state)
    benchmark::DoNotOptimize(logicalDivide(a, t));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LogicalDivideSmall);

void BM_LogicalDivideDeep(benchmark::State &state) {
  Layout a = L("(9,(4,8)):(59,(13,1))");
  Tiler t = Tiler::ofTuple({Tiler::ofLayout(L("3:3")), Tiler::ofLayout(L("(2,4):(1,8)"))});
  for (auto _ : state)
    benchmark::DoNotOptimize(logicalDivide(a, t));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LogicalDivideDeep);

void BM_CoalesceSmall(benchmark::State &state) {
  Layout a = L("(2,(1,6)):(1,(6,2))");
  for (auto _ : state)
    benchmark::DoNotOptimize(coalesce(a));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CoalesceSmall);

void BM_CoalesceDeep(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(coalesce(kDeepA));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CoalesceDeep);

// The corpus's composition cases, pre-parsed: the same cases pycute runs.
void BM_CorpusCompositions(benchmark::State &state) {
  std::vector<std::pair<Layout, Tiler>> ops;
  for (const Case &c : loadCases("algebra_public.tsv")) {
    if (c.op != "composition")
      continue;
    Value b = parseValue(c.args[1]).value();
    Tiler t = b.kind == Value::Kind::Layout  ? Tiler::ofLayout(b.layout())
              : b.kind == Value::Kind::Tiler ? b.tiler()
                                             : Tiler::ofShape(b.tuple());
    ops.emplace_back(parseLayout(c.args[0]).value(), t);
  }
  for (auto _ : state)
    for (const auto &[a, b] : ops)
      benchmark::DoNotOptimize(composition(a, b));
  state.SetItemsProcessed(state.iterations() * int64_t(ops.size()));
}
BENCHMARK(BM_CorpusCompositions);

// `layoutc eval --tsv` over the public corpus: parse, evaluate, print.
void BM_EvalTsvCorpus(benchmark::State &state) {
  std::vector<std::string> exprs;
  for (const char *file : {"algebra_public.tsv", "algebra_errors_public.tsv", "cute_unit_cases.tsv"})
    for (const Case &c : loadCases(file))
      exprs.push_back(caseExpression(c));
  for (auto _ : state) {
    for (const std::string &e : exprs) {
      Expected<Value> v = evaluateExpression(e);
      benchmark::DoNotOptimize(v ? v.value().str() : v.error().oneLine());
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(exprs.size()));
}
BENCHMARK(BM_EvalTsvCorpus);

} // namespace

BENCHMARK_MAIN();
