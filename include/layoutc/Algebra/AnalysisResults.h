//===- AnalysisResults.h - What the layout analyses answer ------*- C++ -*-===//
//
// The results of equal(A, B) (Equal.h) and to_linear_layout(L)
// (LinearLayout.h), values of the expression language like layouts are.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_ANALYSISRESULTS_H
#define LAYOUTC_ALGEBRA_ANALYSISRESULTS_H

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::algebra {

/// Whether two layouts are one function over their domains: `true`;
/// `false: <why>` with the first index where they differ (or the sizes);
/// `depends on ?: <why>` naming the unknown leaves the answer waits for.
struct Equality {
  enum class Answer { Equal, Different, Depends } answer = Answer::Equal;
  std::string why;
  std::string str() const;
};

/// Triton's LinearLayout with one output dimension, `offset`: input
/// dimension k maps its index bit j to bases[j], and an input is the XOR of
/// the bases of its set bits over every dimension (a linear map over GF(2)).
struct LinearLayout {
  struct InDim {
    std::string name;
    std::vector<int64_t> bases;
  };
  std::vector<InDim> inDims;
  /// Triton's inferred out-dim size: the smallest power of two above every basis.
  int64_t outSize() const;
  /// `[mode0 (size 4), mode1 (size 2)] -> [offset (size 8)]`, for messages.
  std::string dims() const;
  /// Triton's LinearLayout::toString, without its leading newline:
  ///  - mode0=1 -> (1)
  ///    mode0=2 -> (2)
  ///  - mode1 is a size 1 dimension
  /// where out dims are: [offset (size 4)]
  std::string str() const;
};

} // namespace layoutc::algebra

#endif
