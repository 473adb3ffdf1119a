//===- TypeFuzzer.cpp - Fuzz the !lay type parser and verifiers ------------===//
//
// Input: the text of a type (`!lay.layout<"(4,?):(1,4)">`, `!lay.composed<...>`,
// `!lay.swizzle<3,4,3>`, ...), parsed in a context with the lay dialect. It
// parses (its parameters verified) or is a diagnostic; a parsed type prints
// as text that parses back to the same type.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A context per input: nothing carries over from one input to the next.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  context.loadDialect<layoutc::lay::LayDialect>();
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  std::string text(reinterpret_cast<const char *>(data), size); // NUL-terminated, as MLIR's lexer needs
  size_t read = 0;
  mlir::Type type = mlir::parseType(text, &context, &read);
  if (!type)
    return 0;
  std::string printed;
  llvm::raw_string_ostream(printed) << type;
  mlir::Type again = mlir::parseType(printed, &context);
  if (again != type) {
    llvm::errs() << text << "\n  parses as " << printed << "\n  which does not parse back to it\n";
    std::abort();
  }
  return 0;
}
