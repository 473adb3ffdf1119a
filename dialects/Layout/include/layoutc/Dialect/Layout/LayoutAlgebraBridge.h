//===- LayoutAlgebraBridge.h - lay types and the algebra --------*- C++ -*-===//
//
// The one place the dialect meets the algebra library: a lay type denotes an
// algebra value (its static leaves, `?` for the dynamic ones), and an algebra
// op's result type and folded value are what the CuTe function it names
// computes. The dialect never re-implements the math.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTALGEBRABRIDGE_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTALGEBRABRIDGE_H

#include "layoutc/Algebra/Value.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace layoutc::lay {

/// The algebra value of a value of type `type`; `constant` (may be null) is
/// the folded value of an `index` operand. Nothing for types the algebra does
/// not know.
std::optional<algebra::Value> algebraValueOf(mlir::Type type, mlir::Attribute constant = {});

/// The type of an algebra result: a layout or tuple type, or `index` for an
/// integer. Null when no lay type holds it, or when its layout is not a valid
/// type (an error at `location`, when given).
mlir::Type typeOfAlgebraValue(mlir::MLIRContext *context, const algebra::Value &value,
                              std::optional<mlir::Location> location);

/// InferTypeOpInterface for the algebra ops: the result type of `cute<modes>`
/// applied to operands of these types (then `trailing`, the values of the
/// op's attributes, such as an element type), or an error at `location`
/// carrying the algebra's explanation.
llvm::LogicalResult inferAlgebraResult(llvm::StringRef cute, llvm::ArrayRef<int64_t> modes, mlir::MLIRContext *context,
                                       std::optional<mlir::Location> location, mlir::TypeRange operandTypes,
                                       llvm::SmallVectorImpl<mlir::Type> &inferred,
                                       llvm::ArrayRef<algebra::Value> trailing = {});

/// The algebra's element type (`f32`, `bf16`, `u16`: MLIR's spelling, `u`
/// for `ui`) of an MLIR type, as a tag value.
algebra::Value elementTypeValue(mlir::Type type);
/// The MLIR type of the algebra's element type `name`; null if it is none.
mlir::Type elementTypeOf(mlir::MLIRContext *context, llvm::StringRef name);

/// Whether a declared result type may stand for the inferred one: the same,
/// or the same structure and static leaves with weaker facts on `?` leaves
/// (`?` for `?{div=4}`; a fact the algebra cannot derive is not allowed).
bool compatibleResultTypes(mlir::TypeRange inferred, mlir::TypeRange declared);

/// The result type of lay.local_tile (tensor, tiler, coord) or
/// lay.local_partition (tensor, threads, index), as CuTe's inner_partition
/// and outer_partition compute it.
llvm::LogicalResult inferPartition(llvm::StringRef op, mlir::MLIRContext *context,
                                   std::optional<mlir::Location> location, mlir::TypeRange operandTypes,
                                   llvm::SmallVectorImpl<mlir::Type> &inferred);

/// `layout` with its k-th dynamic leaf (shape leaves first, then stride
/// leaves, the order of lay.make_layout's operands) made the dynamic integer
/// k: run through an op that only moves leaves, the numbers tell which operand
/// each result leaf comes from.
algebra::Layout numberDynamicLeaves(const algebra::Layout &layout);

/// Folds an algebra op: a fully static layout or tuple result is its type (a
/// TypeAttr, materialized as lay.constant); an integer result is computed
/// from the operands' types and constant `index` operands.
mlir::OpFoldResult foldAlgebraOp(llvm::StringRef cute, llvm::ArrayRef<int64_t> modes, mlir::Operation *op,
                                 llvm::ArrayRef<mlir::Attribute> operands);

/// equal(A, B) of lay.equal's operands, a composed layout with the offset of
/// the lay.make_composed_layout it comes from; nothing when an offset is not
/// a constant or the algebra refuses the question (the verifier says why).
std::optional<algebra::Equality> equalityOf(mlir::Operation *equal);

/// The composed layout `value` holds, offset included, for an op that takes
/// it whole; an error at `op` when the offset is not a constant.
mlir::FailureOr<algebra::ComposedLayout> wholeComposedLayout(mlir::Operation *op, llvm::StringRef cute,
                                                             mlir::Value value);

class ComposedType;

/// The composed layout a !lay.composed type denotes, with offset 0 (the
/// type carries no offset); nothing for a gather or function inner.
std::optional<algebra::ComposedLayout> composedOfType(ComposedType type);
/// The !lay.composed type of a composed layout with a swizzle or layout inner
/// (null, with an error through `emit`, when a layout is not a valid type).
mlir::Type typeOfComposed(mlir::MLIRContext *context, const algebra::ComposedLayout &c,
                          llvm::function_ref<mlir::InFlightDiagnostic()> emit);
/// The static value of `v`: an index constant or a lay.constant tuple; empty
/// for a value known at run time only.
std::optional<algebra::IntTuple> constantTupleOf(mlir::Value v);
/// The composed layout `value` holds: its type, and the constant offset of
/// the lay.make_composed_layout it comes from through ops that keep offsets.
std::optional<algebra::ComposedLayout> composedLayoutOf(mlir::Value value);
/// Fails (an error at `location`) for an op on a composed layout that would
/// move or scale its offset (a slice at a fixed coordinate, a recast) or
/// depends on it (A o composed, cosize).
llvm::LogicalResult checkComposedInDialect(llvm::StringRef cute, mlir::TypeRange operandTypes,
                                           std::optional<mlir::Location> location);

} // namespace layoutc::lay

#endif
