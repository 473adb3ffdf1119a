//===- NestingFuzzer.cpp - Fuzz deeply nested MLIR text -------------------===//
//
// Input: a header of 6 bytes, then MLIR text t (the opt fuzzer's modules).
// The header cuts t at a <= b <= c <= d and repeats two of its pieces k times:
//   t[0,a) t[a,b)^k t[b,c) t[c,d)^k t[d,)
// so that an opening piece (a region, an attribute, `tuple<`, an affine
// expression's parenthesis) and a closing one nest k deep, up to thousands of
// levels in a few KB of input. The text is scanned as every front end scans
// it (mlirNestingProblem); what the scan lets through is parsed, verified and
// printed by MLIR, which recurse per level: a stack overflow there (caught
// by AddressSanitizer) is text that nests past the scan's bound unseen.
//
//===----------------------------------------------------------------------===//
#include "LoweringRegistry.h"
#include "layoutc/JIT/MlirNesting.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace {

// The most text one input expands to: enough for thousands of levels.
constexpr size_t kMaxText = 1 << 18;

// t with t[a,b) and t[c,d) each repeated k times, as the header says.
std::string nestedText(const uint8_t *data, size_t size) {
  std::string t(reinterpret_cast<const char *>(data + 6), size - 6);
  size_t cut[4];
  for (int i = 0; i < 4; ++i)
    cut[i] = t.empty() ? 0 : data[i] * t.size() / 255;
  std::sort(cut, cut + 4);
  size_t k = 1 + (size_t(data[4]) << 8 | data[5]);
  size_t pieces = (cut[1] - cut[0]) + (cut[3] - cut[2]);
  if (pieces > 0)
    k = std::min(k, (kMaxText - t.size()) / pieces);
  std::string out = t.substr(0, cut[0]);
  for (size_t i = 0; i < k; ++i)
    out += t.substr(cut[0], cut[1] - cut[0]);
  out += t.substr(cut[1], cut[2] - cut[1]);
  for (size_t i = 0; i < k; ++i)
    out += t.substr(cut[2], cut[3] - cut[2]);
  return out + t.substr(cut[3]);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 6 || size - 6 > kMaxText)
    return 0;
  std::string text = nestedText(data, size);
  if (!layoutc::jit::mlirNestingProblem(text, "fuzz").empty())
    return 0;
  mlir::MLIRContext context(layoutc::fuzz::loweringRegistry(), mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module)
    return 0;
  (void)mlir::verify(*module);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  return 0;
}
