//===- DeviceChecks.h - Accesses placed by values only the device knows -*- C++ -*-===//
//
// A gather's index, a scatter's, or a traced function's LOAD places an
// access at a position the host cannot check before the launch. Such an
// access is emitted behind its checks: each position is tested against
// its buffer's extent (memref.dim, the element count the launch passes),
// the access runs only where every test holds, and otherwise the kernel
// records the first failed test in the kernel's error word and moves on
// (a load gives 0, which the copy stores; a store stores nothing), so
// nothing outside a buffer is read or written and the CUDA context stays
// usable.
//
// The error word is two kernel parameters named by the gpu.func's
// `lay.error_word` attribute (an i64 N): argument N, a memref<?xi8> of 64
// bytes in device memory, holds the claim counter (an i64 at byte 0: the
// first thread to add 1 to it writes the report), an i64 0 at byte 8
// and, from byte 16, a scratch a refused load reads instead of its buffer
// (so the load needs no branch); argument N + 1, a memref<?xi64> in host memory the device maps,
// is the report: report[1..5] = kind, value, position, the buffer's
// argument number (-1: not an argument) and its extent, then a system
// fence, then report[0] = 1. One report per block, at its end, serves
// every access of the block (the first failure's fields); the claim counts
// the blocks' reports. A kernel without
// the attribute still skips the access; it reports nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CONVERSION_DEVICECHECKS_H
#define LAYOUTC_LIB_CONVERSION_DEVICECHECKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace layoutc::conversion {

/// What a failed check was; the report's kind (runtime::DeviceFault reads
/// the same numbers).
enum class CheckKind : int64_t {
  /// A gather's or scatter's index outside its table's rows: value is the
  /// index, position its place in the index buffer, extent the rows.
  Index = 1,
  /// A traced function's LOAD outside its buffer: value and position are
  /// the position read, extent the buffer's elements.
  Load = 2,
  /// A traced offset outside the tensor it places an access in: value and
  /// position are the offset, extent the buffer's elements.
  Offset = 3,
};

/// The checks one access waits on, in the order they were made.
class DeviceChecks {
public:
  /// `0 <= value < extent` (i64 values), reported as `kind` with
  /// `position` and `buffer` (a memref) where it fails first.
  void require(mlir::OpBuilder &b, mlir::Location loc, CheckKind kind, mlir::Value value, mlir::Value position,
               mlir::Value buffer, mlir::Value extent);
  bool empty() const { return checks_.empty(); }
  /// Whether every check is of an index against its table's rows.
  bool onlyIndices() const {
    return llvm::all_of(checks_, [](const Check &c) { return c.kind == CheckKind::Index; });
  }
  /// The last check's condition (an i1).
  mlir::Value last() const { return checks_.back().ok; }
  size_t size() const { return checks_.size(); }
  /// Whether every check holds (an i1; true when there are none).
  mlir::Value all(mlir::OpBuilder &b, mlir::Location loc) const;
  /// At `b`: the report of the first failed check, where one failed, to
  /// the error word of the function `b` builds in, if it has one (an
  /// scf.if marked kFaultReportAttr; mergeFaultReports makes one of a
  /// block's).
  void report(mlir::OpBuilder &b, mlir::Location loc) const;
  /// A load of `elements` at `at` of `data` that needs no branch: (data,
  /// at) where every check holds, else offset 0 of data where data holds
  /// `elements`, else of the error word's scratch;
  /// none where the function has no error word or the elements do not fit
  /// the scratch.
  std::optional<std::pair<mlir::Value, mlir::Value>>
  safeAccess(mlir::OpBuilder &b, mlir::Location loc, mlir::Value data, mlir::Value at, int64_t elements) const;

private:
  struct Check {
    mlir::Value ok;
    CheckKind kind;
    mlir::Value value, position, extent; // i64
    int64_t argument;                    // the buffer's argument number, or -1
  };
  llvm::SmallVector<Check> checks_;
};

/// The unit attribute of the report at the end of a block.
constexpr const char *kFaultReportAttr = "lay.fault_report";
/// Where the scratch of refused loads lies in the claim buffer, and its bytes.
constexpr int64_t kScratchAt = 16, kScratchBytes = 48;

/// `v` as i64 (sign-extended from a narrower integer, cast from index).
mlir::Value asI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);

/// memref.load buf[position] (position an index value computed on the
/// device) that reads nothing outside buf: 0 where position is outside
/// [0, dim(buf)), the check (CheckKind::Load) required in `checks` where
/// there are checks.
mlir::Value checkedLoad(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buf, mlir::Value position,
                        DeviceChecks *checks);

/// The reports of a block of at most kMaxMergedReports accesses made one,
/// at the block's end: a running failure flag and the first failure's
/// fields (selects, in program order, at each report's place), so that no
/// branch lies between the loads of a thread's few values (a branch would
/// wait for the load before it). A block of more accesses has each access's
/// report in the else of its access (guardedInline: the loads of many
/// values keep one another in flight, and their fields would fill the
/// registers to the block's end).
void mergeFaultReports(mlir::Operation *root);
/// The most reports mergeFaultReports makes one.
constexpr size_t kMaxMergedReports = 4;

/// Whether `op` is inside a function with a well-formed `lay.error_word`,
/// or has none; the error, at the function, otherwise.
mlir::LogicalResult verifyErrorWord(mlir::Operation *function);

} // namespace layoutc::conversion

#endif
