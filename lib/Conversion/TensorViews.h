//===- TensorViews.h - Views of a tensor as maps of coordinates -*- C++ -*-===//
//
// local_tile, local_partition and tensor_slice make views of a tensor. For
// the tilers and thread layouts kernels use (by-mode T:1 tilers, compact
// thread layouts), a view's element at coordinate c is its parent's element
// at a coordinate computed mode by mode, so a view lowers to index math on
// the way to the lay.make_tensor it views:
//   local_tile(t, <T0:1,..>, b)(c)     = t(c_i + T_i * b_i)
//   local_partition(t, thr, k)(c)      = t(k_i + P_i * c_i),  k = thr's coordinate of k, P = shape(thr)
//   tensor_slice(x with `_`, t)(c)     = t(x with its `_` modes taken from c)
// which is zipped_divide's function at (c, b) (resp. (k, c)), as CuTe defines
// local_tile and local_partition. A composed (gather) tensor's view is one of
// its outer layout: the coordinate still goes through the inner part.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CONVERSION_TENSORVIEWS_H
#define LAYOUTC_LIB_CONVERSION_TENSORVIEWS_H

#include "IndexEmitter.h"

#include "mlir/IR/Value.h"

#include <functional>
#include <optional>
#include <string>

namespace layoutc::conversion {

/// A coordinate of the tensor a view chain starts from.
struct TensorAccess {
  mlir::Value tensor;
  algebra::IntTuple coord;
};

/// How the lowering reads values in the emitter: an index or !lay.tuple value
/// (tile coordinates, slice coordinates), and the outer layout of a tensor
/// made by lay.make_tensor.
struct ViewBinder {
  std::function<std::optional<algebra::IntTuple>(mlir::Value)> tuple;
  std::function<std::optional<algebra::Layout>(mlir::Value)> tensorLayout;
};

/// Follows the views from `tensor` down to a tensor that is not a view,
/// mapping `coord` along. Empty, with the reason in `why`, when a view is not
/// of the supported kinds.
std::optional<TensorAccess> throughViews(IndexEmitter &emitter, const ViewBinder &bind, mlir::Value tensor,
                                         algebra::IntTuple coord, std::string &why);

} // namespace layoutc::conversion

#endif
